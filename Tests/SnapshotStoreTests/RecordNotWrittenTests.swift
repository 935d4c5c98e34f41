import Foundation
import SnapshotMessages
import SnapshotStore
import TestSupport
import XCTest

/// When the failure record cannot be written (a full artifacts disk; here a folder stands where the record goes), the
/// message offers only what exists: no `labelsnap accept` of the record it just said was not written.
final class RecordNotWrittenTests: XCTestCase {
    func testNoAcceptIsOfferedWithoutTheRecord() throws {
        let pkg = try TempPackage()
        try pkg.write(Array("old\n".utf8), to: pkg.reference("testLabel.label.txt"))
        let recordPath = pkg.artifacts + "/testLabel.label.txt.failure.json"
        try FileManager.default.createDirectory(atPath: recordPath, withIntermediateDirectories: true)
        let failure = try XCTUnwrap(SnapshotVerifier.verify("new\n", as: .text, named: "label", record: .never, filePath: pkg.testFile,
                                                            testName: "testLabel()", environment: [:], counter: SnapshotCounter()))
        XCTAssertFalse(failure.recordWritten)
        XCTAssertTrue(failure.message.contains("Failure record not written: "), failure.message)
        XCTAssertTrue(failure.message.contains("actual:    \(pkg.artifacts)/testLabel.label.txt.actual.txt"), "the actual file was written")
        XCTAssertFalse(failure.message.contains("labelsnap accept"), failure.message)
        XCTAssertFalse(failure.fixes.contains { $0.needsActualFile }, "\(failure.fixes)")
        XCTAssertTrue(failure.message.contains("SNAPSHOT_TESTING_RECORD=failed swift test --filter"), "re-recording is still offered: \(failure.message)")
    }
}
