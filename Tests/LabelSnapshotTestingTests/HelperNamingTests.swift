import Foundation
import TestSupport
import XCTest
import LabelSnapshotTesting

/// An assertion inside a helper (or `setUp`) is named after the running test, not the helper: a helper
/// called from two tests gives each test its own references instead of refusing the second.
final class HelperNamingTests: XCTestCase {
    /// References and artifacts of these tests, outside the checkout.
    static let folder = NSTemporaryDirectory() + "helper-naming-\(getpid())"
    var setUpMessage: String?

    override class func setUp() {
        super.setUp()
        try? FileManager.default.removeItem(atPath: folder)
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(atPath: folder)
        super.tearDown()
    }

    override func setUp() {
        super.setUp()
        setUpMessage = verifyChip("set up")
    }

    /// A helper that forwards nothing: its `#function`, `#fileID` and `#filePath` are its own.
    func verifyChip(_ text: String, named name: String? = nil) -> String? {
        withSnapshotTesting(record: .missing, snapshotDirectory: Self.folder + "/refs",
                            environment: ["SNAPSHOT_ARTIFACTS": Self.folder + "/artifacts"]) {
            verifySnapshot(of: text, as: .text, named: name)?.message
        }
    }

    var references: String { Self.folder + "/refs/LabelSnapshotTestingTests/HelperNamingTests" }

    func contents(_ name: String) -> String? {
        FileManager.default.contents(atPath: references + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }

    func testFirstCaller() throws {
        try assertNamedAfterTheRunningTest("testFirstCaller")
    }

    func testSecondCaller() throws {
        try assertNamedAfterTheRunningTest("testSecondCaller")
    }

    func assertNamedAfterTheRunningTest(_ test: String) throws {
        // setUp's assertion was the running test's first unnamed snapshot, the helper's call here its second.
        XCTAssertEqual(setUpMessage.map { $0.hasPrefix("No reference was found for snapshot \(test).1") }, true, setUpMessage ?? "nil")
        let message = try XCTUnwrap(verifyChip(test))
        XCTAssertTrue(message.hasPrefix("No reference was found for snapshot \(test).2"), message)
        XCTAssertEqual(contents("\(test).1.txt"), "set up")
        XCTAssertEqual(contents("\(test).2.txt"), test)
        XCTAssertNil(contents("verifyChip.1.txt"))
        XCTAssertNil(contents("setUp.1.txt"))
        // A name shared on purpose (no parentheses: not a function's #function) is kept.
        let shared = withSnapshotTesting(record: .missing, snapshotDirectory: Self.folder + "/refs",
                                         environment: ["SNAPSHOT_ARTIFACTS": Self.folder + "/artifacts"]) {
            verifySnapshot(of: "shared", as: .text, named: "both", testName: "sharedChip")?.message
        }
        XCTAssertTrue(shared == nil || shared!.hasPrefix("No reference was found for snapshot sharedChip.both"), shared ?? "nil")
    }
}
