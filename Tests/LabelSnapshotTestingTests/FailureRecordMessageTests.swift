import Foundation
import TestSupport
import LabelSnapshotTesting
import Imaging
import XCTest

/// The failure record keeps the assertion's message: `review`, the report and `labelsnap accept` read the words
/// the test reported, for a mismatch and for a missing reference under `never`.
final class FailureRecordMessageTests: XCTestCase {
    func testTheRecordsMessageIsTheAssertions() throws {
        let pkg = try TempPackage()
        try pkg.write(try PNGCodec.encode(try Bitmap(width: 6, height: 4, fill: .white)), to: pkg.reference("testBadge.badge.png"))
        let actual = try Bitmap(width: 6, height: 4, fill: Color(red: 255, green: 0, blue: 0))
        let failures = withSnapshotTesting(environment: [:]) {
            [verifySnapshot(of: actual, as: .image, named: "badge", writesFailureRecord: true, file: pkg.testFile, testName: "testBadge()"),
             verifySnapshot(of: actual, as: .image, named: "new", record: .never, writesFailureRecord: true, file: pkg.testFile, testName: "testBadge()")]
        }
        for (failure, name) in zip(failures, ["badge", "new"]) {
            let failure = try XCTUnwrap(failure, name)
            XCTAssertTrue(failure.recordWritten, failure.message)
            let onDisk = try SnapshotFailureRecord.load(pkg.artifacts + "/testBadge.\(name).png.failure.json")
            XCTAssertEqual(onDisk.message, failure.message)
            XCTAssertEqual(failure.record?.message, failure.message)
            XCTAssertTrue(failure.message.contains(":  " + (onDisk.acceptCommand ?? "no accept command")), failure.message)
            XCTAssertTrue(failure.message.contains(":  " + onDisk.rerecordCommand), failure.message)
        }
    }
}
