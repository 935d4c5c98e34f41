import Foundation
import SnapshotStore
import TestSupport
import Synchronization
import XCTest
import SnapshotReview

/// Two accepts of one reference at once: failures of the same snapshot from two shards with different
/// actual values, accepted from two threads. Each opens the folder of references for its own lock, as two
/// `labelsnap` processes do.
final class ConcurrentAcceptTests: XCTestCase {
    var pkg: TempPackage!
    override func setUpWithError() throws { pkg = try TempPackage() }
    override func tearDown() { pkg = nil }

    /// A failure of `testLabel.label` against the reference "old", or against none with `reference: false`.
    func failure(_ actual: String, shard: String, reference: Bool = true) throws -> PendingFailure {
        if reference { try pkg.write(Array("old\n".utf8), to: pkg.reference("testLabel.label.txt")) }
        XCTAssertNotNil(SnapshotVerifier.verify(actual, as: .text, named: "label", record: .never, filePath: pkg.testFile,
                                                testName: "testLabel()", environment: ["SNAPSHOT_ARTIFACTS": shard],
                                                counter: SnapshotCounter()))
        return try XCTUnwrap(try ArtifactsFolders.scan([pkg.root + "/" + shard], checkout: pkg.root).failures.first)
    }

    func testOfTwoConcurrentAcceptsOneReplacesAndTheOtherRefuses() throws {
        let failures = [try failure("AAA\n", shard: "shard1"), try failure("BBB\n", shard: "shard2")]
        let results = Mutex<[Int: Result<AcceptOutcome, ReviewError>]>([:])
        // Both threads start together; each waits 300 ms between its check and its write, so without the lock
        // both checks see the compared reference and both write.
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let result = Result { () throws(ReviewError) -> AcceptOutcome in
                do { return try failures[i].accept(environment: [:], beforeReplacing: { usleep(300_000) }) }
                catch let error as ReviewError { throw error }
                catch { throw ReviewError("\(error)") }
            }
            results.withLock { $0[i] = result }
        }
        let all = results.withLock { $0 }
        let accepted = all.filter { if case .success = $0.value { return true } else { return false } }
        XCTAssertEqual(accepted.count, 1, "\(all)")
        let winner = try XCTUnwrap(accepted.keys.first), loser = 1 - winner
        XCTAssertEqual(try all[winner]?.get().change, .replaced(old: "4 bytes", new: "4 bytes"))
        guard case .failure(let refusal) = all[loser] else { return XCTFail("\(all)") }
        XCTAssertTrue("\(refusal)".contains("its reference \(pkg.reference("testLabel.label.txt")) changed after the failure was recorded"), "\(refusal)")
        XCTAssertEqual(pkg.bytes(pkg.reference("testLabel.label.txt")), Array((winner == 0 ? "AAA\n" : "BBB\n").utf8))
        XCTAssertTrue(failures[loser].canAccept, "the refused failure keeps its artifacts")
        XCTAssertEqual(pkg.list(pkg.referenceFolder), ["testLabel.label.txt"], "no lock file, no temporary file left")
    }

    /// A failure with no reference, accepted twice at once: the second finds the first's file and refuses.
    func testOfTwoConcurrentAcceptsOfAMissingReferenceOneCreatesAndTheOtherRefuses() throws {
        let failures = [try failure("AAA\n", shard: "shard1", reference: false), try failure("BBB\n", shard: "shard2", reference: false)]
        let outcomes = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let said: String
            do { said = "\(try failures[i].accept(environment: [:], beforeReplacing: { usleep(300_000) }).change)" }
            catch { said = "\(error)" }
            outcomes.withLock { $0.append(said) }
        }
        let said = outcomes.withLock { $0 }.sorted()
        XCTAssertEqual(said.count, 2)
        XCTAssertTrue(said[0].hasPrefix("created"), "\(said)")
        XCTAssertTrue(said[1].contains("was created after the failure was recorded (there was none then); run the test again, or pass --force to replace it anyway"), "\(said)")
    }
}
