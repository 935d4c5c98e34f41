import TestSupport
import XCTest
import SnapshotMessages
import SnapshotStore

/// `SnapshotWriteBatch`: durable writes staged as hidden temporary files, published only by `commit()`, and
/// every way a staged write can fail leaving the destination as it was.
final class WriteBatchTests: XCTestCase {
    var pkg: TempPackage!
    override func setUpWithError() throws { pkg = try TempPackage() }
    override func tearDown() { pkg = nil }

    var folder: String { pkg.root + "/refs" }
    /// The hidden temporary files in `folder`.
    func temporaries() -> [String] { pkg.list(folder).filter { $0.hasPrefix(".") } }

    func stage(_ bytes: [UInt8], _ name: String, _ existing: SnapshotFileSystem.ExistingFile,
               in batch: SnapshotWriteBatch) throws -> Bool {
        try SnapshotWriteBatch.$current.withValue(batch) {
            try SnapshotFileSystem.writeAtomically(bytes, to: folder + "/" + name, existing: existing, sync: true)
        }
    }

    func testStagedWritesAppearOnlyWhenCommitted() throws {
        try pkg.write([9, 9], to: folder + "/old.png")
        let batch = SnapshotWriteBatch()
        XCTAssertTrue(try stage([1], "a.png", .keep, in: batch))
        XCTAssertTrue(try stage([2, 2], "b.png", .keep, in: batch))
        XCTAssertTrue(try stage([3, 3, 3], "old.png", .replace, in: batch))
        // Writes without `sync` do not join the batch.
        try SnapshotWriteBatch.$current.withValue(batch) {
            XCTAssertTrue(try SnapshotFileSystem.writeAtomically([4], to: folder + "/artifact.json"))
        }
        XCTAssertEqual(batch.stagedCount, 3)
        XCTAssertEqual(pkg.list(folder).filter { !$0.hasPrefix(".") }, ["artifact.json", "old.png"], "nothing published yet")
        XCTAssertEqual(pkg.bytes(folder + "/old.png"), [9, 9])
        XCTAssertEqual(temporaries().count, 3)
        let outcomes = batch.commit()
        XCTAssertEqual(outcomes, [folder + "/a.png": .written, folder + "/b.png": .written, folder + "/old.png": .written])
        XCTAssertEqual(pkg.bytes(folder + "/a.png"), [1])
        XCTAssertEqual(pkg.bytes(folder + "/b.png"), [2, 2])
        XCTAssertEqual(pkg.bytes(folder + "/old.png"), [3, 3, 3])
        XCTAssertEqual(temporaries(), [], "no temporary file is left behind")
        XCTAssertEqual(batch.stagedCount, 0)
        XCTAssertEqual(batch.commit(), [:], "a committed batch is empty")
        // Each reference is its own file (renamed, not linked: no second name shares it).
        var st = stat()
        XCTAssertEqual(stat(folder + "/a.png", &st), 0)
        XCTAssertEqual(st.st_nlink, 1)
    }

    func testKeepAnswersFromTheFolderAtStagingAndAtCommit() throws {
        try pkg.write([7], to: folder + "/taken.png")
        let batch = SnapshotWriteBatch()
        XCTAssertFalse(try stage([1], "taken.png", .keep, in: batch), "already there: nothing staged")
        XCTAssertTrue(try stage([2], "late.png", .keep, in: batch))
        // Another writer creates the file between staging and commit: it is kept, ours is dropped.
        try pkg.write([8, 8], to: folder + "/late.png")
        XCTAssertEqual(batch.commit(), [folder + "/late.png": .kept])
        XCTAssertEqual(pkg.bytes(folder + "/late.png"), [8, 8])
        XCTAssertEqual(pkg.bytes(folder + "/taken.png"), [7])
        XCTAssertEqual(temporaries(), [])
    }

    func testAWriteThatCannotBeSyncedOrRenamedLeavesTheDestinationAlone() throws {
        try pkg.write([9], to: folder + "/kept-old.png")
        let batch = SnapshotWriteBatch()
        XCTAssertTrue(try stage([1], "gone.png", .keep, in: batch))
        // Its temporary file vanishes before the sync pass (a cleaner, a full disk's error): not published.
        for name in temporaries() { unlink(folder + "/" + name) }
        XCTAssertTrue(try stage([2], "kept-old.png", .replace, in: batch))
        XCTAssertTrue(try stage([3], "fine.png", .keep, in: batch))
        // A folder takes the place of a destination: rename(2) cannot replace it.
        XCTAssertTrue(try stage([4], "now-a-folder", .replace, in: batch))
        try pkg.write([5], to: folder + "/now-a-folder/inside")
        let outcomes = batch.commit()
        guard case .failed(let syncError)? = outcomes[folder + "/gone.png"] else { return XCTFail("\(outcomes)") }
        XCTAssertTrue("\(syncError)".contains("ENOENT"), "\(syncError)")
        guard case .failed(let renameError)? = outcomes[folder + "/now-a-folder"] else { return XCTFail("\(outcomes)") }
        XCTAssertTrue("\(renameError)".contains("now-a-folder"), "\(renameError)")
        XCTAssertEqual(outcomes[folder + "/kept-old.png"], .written)
        XCTAssertEqual(outcomes[folder + "/fine.png"], .written)
        XCTAssertFalse(SnapshotFileSystem.exists(folder + "/gone.png"))
        XCTAssertEqual(pkg.bytes(folder + "/now-a-folder/inside"), [5])
        XCTAssertEqual(pkg.bytes(folder + "/kept-old.png"), [2])
        XCTAssertEqual(pkg.bytes(folder + "/fine.png"), [3])
        XCTAssertEqual(temporaries(), [], "failed writes leave no temporary file either")
    }

    func testABatchThatIsNeverCommittedLeavesNothing() throws {
        var batch: SnapshotWriteBatch? = SnapshotWriteBatch()
        XCTAssertTrue(try stage([1], "a.png", .keep, in: batch!))
        XCTAssertEqual(temporaries().count, 1)
        batch = nil
        XCTAssertEqual(pkg.list(folder), [], "no reference, no temporary file")
    }

    /// The protocol the matrix follows: record missing references in a batch, commit, and check again on its
    /// own each snapshot whose write did not land; the verifier then compares against the file that won.
    func testVerifierRecordsIntoABatchAndAChangedFolderIsCheckedAgain() throws {
        let counter = SnapshotCounter()
        func verify(_ text: String, _ name: String) -> SnapshotFailure? {
            SnapshotVerifier.verify(text, as: .text, named: name, filePath: pkg.testFile, testName: "testLabel()",
                                    environment: [:], counter: counter)
        }
        let batch = SnapshotWriteBatch()
        let (a, b) = SnapshotWriteBatch.$current.withValue(batch) { (verify("alpha", "a"), verify("beta", "b")) }
        XCTAssertEqual([a?.kind, b?.kind], [.missingReference, .missingReference])
        XCTAssertEqual([a?.referenceWritten, b?.referenceWritten], [true, true])
        let refA = pkg.reference("testLabel.a.txt"), refB = pkg.reference("testLabel.b.txt")
        XCTAssertFalse(SnapshotFileSystem.exists(refA), "not visible before the commit")
        try pkg.write(Array("other".utf8), to: refB)   // another process recorded b meanwhile
        let outcomes = batch.commit()
        XCTAssertEqual(outcomes[refA], .written)
        XCTAssertEqual(outcomes[refB], .kept)
        XCTAssertEqual(pkg.bytes(refA).map { String(decoding: $0, as: UTF8.self) }, "alpha")
        // b again, on its own: it is compared with the file that won.
        XCTAssertEqual(verify("beta", "b")?.kind, .mismatch)
        XCTAssertNil(verify("alpha", "a"))
    }
}
