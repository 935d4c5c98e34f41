import SnapshotStore
import TestSupport
import XCTest

/// The store spells no failure: the message it returns and the failure record it writes are the words its caller
/// gives (`SnapshotWording`), here a wording of this test's own, not SnapshotMessages'.
final class WordingTests: XCTestCase {
    func testTheStoreWritesTheWordsItIsGiven() throws {
        let pkg = try TempPackage()
        try pkg.write(Array("old\n".utf8), to: pkg.reference("testLabel.label.txt"))
        let wording = SnapshotWording(
            message: { "\($0.kind) of \($0.snapshotName): \($0.referenceDescription ?? "-") → \($0.actualDescription ?? "-"), \($0.fixes.count) fixes" },
            command: { fix, filter in
                if case .accept(let record) = fix { return "take " + record }
                return "again " + filter
            })
        let failure = try XCTUnwrap(SnapshotVerifier.verify("new\n", as: .text, named: "label", record: .never, filePath: pkg.testFile,
                                                            testName: "testLabel()", environment: [:], counter: SnapshotCounter(),
                                                            wording: wording))
        XCTAssertEqual(failure.message, "mismatch of testLabel.label: 1 line, 4 bytes → 1 line, 4 bytes, 2 fixes")
        let record = try SnapshotFailureRecord.load(pkg.artifacts + "/testLabel.label.txt.failure.json")
        XCTAssertEqual(record.message, failure.message)
        XCTAssertEqual(record.acceptCommand, "take " + pkg.artifacts + "/testLabel.label.txt.failure.json")
        XCTAssertEqual(record.rerecordCommand, "again " + (failure.testFilter ?? "?"))
    }
}
