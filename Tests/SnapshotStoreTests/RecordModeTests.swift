import XCTest
import SnapshotStore

final class RecordModeTests: XCTestCase {
    func testDefaultIsMissing() throws {
        XCTAssertEqual(try RecordMode.resolve(argument: nil, environment: [:]), .missing)
        XCTAssertEqual(try RecordMode.resolve(argument: nil, environment: ["SNAPSHOT_TESTING_RECORD": ""]), .missing)
        XCTAssertEqual(try RecordMode.resolve(argument: nil, environment: ["SNAPSHOT_TESTING_RECORD": "  "]), .missing)
    }

    func testEnvironmentValues() throws {
        for mode in RecordMode.allCases {
            XCTAssertEqual(try RecordMode.resolve(argument: nil, environment: ["SNAPSHOT_TESTING_RECORD": mode.rawValue]), mode)
            XCTAssertEqual(try RecordMode.resolve(argument: nil, environment: ["SNAPSHOT_TESTING_RECORD": " \(mode.rawValue.uppercased())\n"]), mode)
        }
    }

    func testArgumentWinsOverEnvironmentAndCI() throws {
        let env = ["SNAPSHOT_TESTING_RECORD": "never", "CI": "true"]
        XCTAssertEqual(try RecordMode.resolve(argument: .all, environment: env), .all)
        // Even an invalid environment value does not matter when the argument is given.
        XCTAssertEqual(try RecordMode.resolve(argument: .failed, environment: ["SNAPSHOT_TESTING_RECORD": "bogus"]), .failed)
    }

    func testCIMeansNever() throws {
        for value in ["true", "1", "yes", "TRUE", "github"] {
            XCTAssertEqual(try RecordMode.resolve(argument: nil, environment: ["CI": value]), .never, value)
        }
        for value in ["0", "false", "False", "FALSE", ""] {
            XCTAssertEqual(try RecordMode.resolve(argument: nil, environment: ["CI": value]), .missing, value)
        }
        // An explicit environment value wins over CI.
        XCTAssertEqual(try RecordMode.resolve(argument: nil, environment: ["CI": "true", "SNAPSHOT_TESTING_RECORD": "all"]), .all)
    }

    func testUnknownValueIsAnErrorListingTheAllowedValues() {
        XCTAssertThrowsError(try RecordMode.resolve(argument: nil, environment: ["SNAPSHOT_TESTING_RECORD": "sometimes"])) { error in
            XCTAssertEqual(error as? SnapshotStoreError,
                           .unknownRecordMode(value: "sometimes", source: "environment variable SNAPSHOT_TESTING_RECORD"))
            XCTAssertEqual("\(error)",
                           "environment variable SNAPSHOT_TESTING_RECORD is \"sometimes\", which is not a record mode: use one of all, missing, failed, never")
        }
        // swift-snapshot-testing's old boolean spelling is not a mode either.
        XCTAssertThrowsError(try RecordMode(parsing: "true"))
    }
}
