import Foundation
import Imaging
import SnapshotStore
import XCTest

/// `labelsnap review / accept / reject` run as a subprocess against real failures.
final class ReviewCommandTests: XCTestCase {
    var pkg: FailurePackage!
    override func setUpWithError() throws { pkg = try FailurePackage() }
    override func tearDown() { pkg = nil }

    // 8×6 white, reference with one black pixel, actual with three (two differ).
    @discardableResult
    func makeMismatch(_ test: String = "testBadge()", named: String = "badge") throws -> (reference: [UInt8], actual: [UInt8]) {
        let reference = try bitmap(8, 6, marks: [(1, 1)])
        let actual = try bitmap(8, 6, marks: [(1, 1), (4, 2), (5, 2)])
        try pkg.fail(test, named: named, reference: reference, actual: actual)
        return (try PNGCodec.encode(reference), try PNGCodec.encode(actual))
    }

    func testAcceptRefusesAReferenceThatChangedAfterTheFailure() throws {
        let pkg = try FailurePackage()
        try pkg.fail("testBadge", named: "badge", reference: try bitmap(8, 4), actual: try bitmap(8, 4, marks: [(1, 1)]))
        let reference = pkg.referenceFolder + "/testBadge.badge.png"
        let edited = try PNGCodec.encode(try bitmap(8, 4, .black))
        try Data(edited).write(to: URL(fileURLWithPath: reference))
        let refused = try labelsnap(["accept", pkg.record("testBadge.badge")], cwd: "/")
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("changed after the failure was recorded"), refused.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: reference).map { Array($0) }, edited)
        let forced = try labelsnap(["accept", "--force", pkg.record("testBadge.badge")], cwd: "/")
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertNotEqual(FileManager.default.contents(atPath: reference).map { Array($0) }, edited)
    }

    func testAMistypedArtifactsFolderOrNoPackageIsAnError() throws {
        let missing = try labelsnap(["review", "--artifacts", "/nonexistent/artifacts"], cwd: "/")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("artifacts folder /nonexistent/artifacts does not exist"), missing.stderr)
        let outside = try labelsnap(["accept", "--all"], cwd: "/", environment: ["SNAPSHOT_ARTIFACTS": ""])
        XCTAssertEqual(outside.status, 2)
        XCTAssertTrue(outside.stderr.contains("no Package.swift at or above /"), outside.stderr)
    }

    func testAcceptReplacesTheReferenceWithTheActualBytesAndRemovesTheArtifacts() throws {
        let (referenceBytes, actualBytes) = try makeMismatch()
        XCTAssertEqual(pkg.bytes(pkg.reference("testBadge.badge")), referenceBytes)
        XCTAssertEqual(pkg.list(pkg.artifactsFolder), ["testBadge.badge.png.actual.png", "testBadge.badge.png.composite.png",
                                                       "testBadge.badge.png.diff.png", "testBadge.badge.png.failure.json",
                                                       "testBadge.badge.png.reference.png"])
        let result = try labelsnap(["accept", pkg.record("testBadge.badge")], cwd: "/")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(pkg.bytes(pkg.reference("testBadge.badge")), actualBytes, "the exact bytes of the actual file")
        XCTAssertEqual(pkg.list(pkg.artifactsFolder), [], "actual, diff, composite, reference copy and record removed")
        XCTAssertEqual(pkg.list(pkg.referenceFolder), ["testBadge.badge.png"], "no temporary file left behind")
        XCTAssertEqual(result.stdout, """
            accepted BadgeTests/testBadge.badge: replaced \(pkg.reference("testBadge.badge"))
              was 8×6 px, \(referenceBytes.count) bytes, now 8×6 px, \(actualBytes.count) bytes
              removed 5 artifact files from \(pkg.artifactsFolder)

            """)
        // Accepting it again: the record is gone.
        let again = try labelsnap(["accept", pkg.record("testBadge.badge")], cwd: "/")
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("cannot read failure record \(pkg.record("testBadge.badge")): no such file"), again.stderr)
    }

    func testAcceptByNameFromThePackageAndUnknownNamesChangeNothing() throws {
        let (_, actualBytes) = try makeMismatch()
        let (otherReference, _) = try makeMismatch("testOther()", named: "1")
        // A name that matches nothing (alone or beside one that matches): exit 1, nothing changed.
        let miss = try labelsnap(["accept", "testBadge.badge", "testNope.1"], cwd: pkg.root + "/Tests")
        XCTAssertEqual(miss.status, 1)
        XCTAssertTrue(miss.stderr.contains("no pending failure matches 'testNope.1' in \(pkg.artifactsRoot)"), miss.stderr)
        XCTAssertEqual(pkg.list(pkg.artifactsFolder).count, 10)
        XCTAssertNotEqual(pkg.bytes(pkg.reference("testBadge.badge")), actualBytes)
        // By snapshot name, from a sub-folder of the package (default artifacts folder of its root).
        let hit = try labelsnap(["accept", "testBadge.badge"], cwd: pkg.root + "/Tests")
        XCTAssertEqual(hit.status, 0, hit.stderr)
        XCTAssertEqual(pkg.bytes(pkg.reference("testBadge.badge")), actualBytes)
        XCTAssertEqual(pkg.bytes(pkg.reference("testOther.1")), otherReference, "the other failure is untouched")
        XCTAssertEqual(pkg.list(pkg.artifactsFolder).filter { $0.hasPrefix("testOther.1.") }.count, 5)
        // By test name with parentheses, and by reference path.
        let dry = try labelsnap(["reject", "--dry-run", "testOther()"], cwd: pkg.root)
        XCTAssertEqual(dry.stdout, "would reject BadgeTests/testOther.1: keep \(pkg.reference("testOther.1")), remove 5 files from \(pkg.artifactsFolder)\n")
        XCTAssertEqual(try labelsnap(["reject", "__Snapshots__/FakeTests/BadgeTests/testOther.1.png"], cwd: pkg.root).status, 0)
        XCTAssertEqual(pkg.list(pkg.artifactsFolder), [])
    }

    func testAMistypedNameGetsTheClosestNames() throws {
        try makeMismatch("testBadge()", named: "1")
        try makeMismatch("testBadge()", named: "2")
        let miss = try labelsnap(["accept", "testBadge.3"], cwd: pkg.root)
        XCTAssertEqual(miss.status, 1)
        XCTAssertEqual(miss.stderr, """
            labelsnap: accept: no pending failure matches 'testBadge.3' in \(pkg.artifactsRoot); did you mean testBadge.1, testBadge.2?
            labelsnap: accept: nothing was changed

            """)
        XCTAssertEqual(pkg.list(pkg.artifactsFolder).count, 10)
    }

    /// Two CI shards, downloaded into two folders: review, report and accept merge them.
    func testShardFoldersAreMergedAndConflictsRefused() throws {
        let (_, a) = try makeMismatch("testBadge()", named: "1")
        let (_, b) = try makeMismatch("testOther()", named: "1")
        let shard1 = pkg.root + "/shard1", shard2 = pkg.root + "/shard2"
        try FileManager.default.createDirectory(atPath: shard1 + "/FakeTests", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: shard2 + "/FakeTests/BadgeTests", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: pkg.artifactsFolder, toPath: shard1 + "/FakeTests/BadgeTests")
        for name in try FileManager.default.contentsOfDirectory(atPath: shard1 + "/FakeTests/BadgeTests") where name.hasPrefix("testOther.1.") {
            try FileManager.default.moveItem(atPath: shard1 + "/FakeTests/BadgeTests/" + name, toPath: shard2 + "/FakeTests/BadgeTests/" + name)
        }
        let review = try labelsnap(["review", "--artifacts", "shard1", "--artifacts", "shard2"], cwd: pkg.root)
        XCTAssertEqual(review.status, 0, review.stderr)
        XCTAssertTrue(review.stdout.hasPrefix("2 pending snapshot failures in \(shard1), \(shard2) (merged)\n"), review.stdout)
        XCTAssertTrue(review.stdout.contains("swift run labelsnap accept --all --artifacts \(shard1) --artifacts \(shard2)"), review.stdout)
        let report = try labelsnap(["report", "--artifacts", "shard1", "--artifacts", "shard2", "-o", "merged.html"], cwd: pkg.root)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(try String(contentsOfFile: pkg.root + "/merged.html", encoding: .utf8).contains("<h1>2 snapshot failures</h1>"))
        // A third shard with a different actual value for testBadge.1: refused, with both paths.
        let shard3 = pkg.root + "/shard3"
        try FileManager.default.copyItem(atPath: shard1, toPath: shard3)
        try pkg.write(try PNGCodec.encode(try bitmap(8, 6, .black)), to: shard3 + "/FakeTests/BadgeTests/testBadge.1.png.actual.png")
        let conflict = try labelsnap(["accept", "--all", "--artifacts", "shard1", "--artifacts", "shard2", "--artifacts", "shard3"], cwd: pkg.root)
        XCTAssertEqual(conflict.status, 2)
        XCTAssertTrue(conflict.stderr.contains("conflicting failures of __Snapshots__/FakeTests/BadgeTests/testBadge.1.png: \(shard1)/FakeTests/BadgeTests/testBadge.1.png.failure.json and \(shard3)/FakeTests/BadgeTests/testBadge.1.png.failure.json"), conflict.stderr)
        XCTAssertNotEqual(pkg.bytes(pkg.reference("testBadge.1")), a, "the conflicting failure is not accepted")
        XCTAssertEqual(pkg.bytes(pkg.reference("testOther.1")), b, "the other shard's failure is")
    }

    func testAcceptAllWithArtifactsOption() throws {
        let (_, a) = try makeMismatch()
        let (_, b) = try makeMismatch("testOther()", named: "1")
        let dry = try labelsnap(["accept", "--all", "--dry-run", "--artifacts", pkg.artifactsRoot], cwd: "/")
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("would accept BadgeTests/testBadge.badge: replace \(pkg.reference("testBadge.badge"))"), dry.stdout)
        XCTAssertEqual(pkg.list(pkg.artifactsFolder).count, 10, "--dry-run changes nothing")
        let result = try labelsnap(["accept", "--all", "--artifacts", pkg.artifactsRoot], cwd: "/")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(pkg.bytes(pkg.reference("testBadge.badge")), a)
        XCTAssertEqual(pkg.bytes(pkg.reference("testOther.1")), b)
        XCTAssertEqual(pkg.list(pkg.artifactsFolder), [])
        // Nothing left: --all is a no-op, exit 0.
        let empty = try labelsnap(["accept", "--all", "--artifacts", pkg.artifactsRoot], cwd: "/")
        XCTAssertEqual(empty.status, 0)
        XCTAssertEqual(empty.stdout, "No pending snapshot failures in \(pkg.artifactsRoot)\n")
    }

    func testAcceptCreatesAMissingReference() throws {
        let actual = try bitmap(5, 4, marks: [(2, 2)])
        let record = try pkg.fail("testNew()", named: "1", reference: nil, actual: actual)
        XCTAssertEqual(record.kind, .missingReference)
        let result = try labelsnap(["accept", pkg.record("testNew.1")], cwd: "/")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(pkg.bytes(pkg.reference("testNew.1")), try PNGCodec.encode(actual))
        XCTAssertTrue(result.stdout.hasPrefix("accepted BadgeTests/testNew.1: created \(pkg.reference("testNew.1")) (5×4 px, "), result.stdout)
    }

    func testRejectKeepsTheReferenceBytes() throws {
        let (referenceBytes, _) = try makeMismatch()
        let result = try labelsnap(["reject", pkg.record("testBadge.badge")], cwd: "/")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(pkg.bytes(pkg.reference("testBadge.badge")), referenceBytes)
        XCTAssertEqual(pkg.list(pkg.artifactsFolder), [])
        XCTAssertEqual(result.stdout, """
            rejected BadgeTests/testBadge.badge: kept \(pkg.reference("testBadge.badge"))
              removed 5 artifact files from \(pkg.artifactsFolder)

            """)
        // Reject only removes files of that failure next to its record.
        try makeMismatch()
        try pkg.write([1, 2, 3], to: pkg.artifactsFolder + "/notes.txt")
        try pkg.edit("testBadge.badge") { $0.artifacts["diff"] = self.pkg.root + "/Package.swift" }
        XCTAssertEqual(try labelsnap(["reject", "--all"], cwd: pkg.root).status, 0)
        XCTAssertEqual(pkg.list(pkg.artifactsFolder), ["notes.txt", "testBadge.badge.png.diff.png"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: pkg.root + "/Package.swift"))
    }

    func testARecordPointingOutsideSnapshotsIsRefused() throws {
        let (_, _) = try makeMismatch()
        let packageSwift = pkg.bytes(pkg.root + "/Package.swift")
        for target in [pkg.root + "/Package.swift", pkg.root + "/__Snapshots__/../Package.swift",
                       pkg.root + "/Sources/evil.png", "/tmp/evil-\(getpid()).png"] {
            try pkg.edit("testBadge.badge") { $0.reference = target }
            let result = try labelsnap(["accept", pkg.record("testBadge.badge")], cwd: "/")
            XCTAssertEqual(result.status, 2, target)
            XCTAssertTrue(result.stderr.contains("refusing"), result.stderr)
            XCTAssertTrue(result.stderr.contains("refusing \(pkg.record("testBadge.badge")): ") && result.stderr.contains(target), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: pkg.root + "/Sources/evil.png"))
            XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/evil-\(getpid()).png"))
            XCTAssertEqual(pkg.bytes(pkg.root + "/Package.swift"), packageSwift)
            XCTAssertEqual(pkg.list(pkg.artifactsFolder).count, 5, "artifacts kept after a refusal")
        }
        // A symbolic link inside __Snapshots__ that leads out of it: the module's folder.
        try pkg.edit("testBadge.badge") { $0.reference = self.pkg.reference("testBadge.badge") }
        try FileManager.default.createDirectory(atPath: pkg.root + "/Elsewhere", withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: pkg.root + "/__Snapshots__/FakeTests")
        try FileManager.default.createSymbolicLink(atPath: pkg.root + "/__Snapshots__/FakeTests", withDestinationPath: pkg.root + "/Elsewhere")
        let linked = try labelsnap(["accept", pkg.record("testBadge.badge")], cwd: "/")
        XCTAssertEqual(linked.status, 2)
        XCTAssertTrue(linked.stderr.contains("leads to \(pkg.root)/Elsewhere"), linked.stderr)
        XCTAssertEqual(pkg.list(pkg.root + "/Elsewhere"), [])
    }

    func testMissingOrCorruptRecordIsAnError() throws {
        let missing = try labelsnap(["accept", pkg.root + "/nope.failure.json"], cwd: "/")
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "labelsnap: accept: cannot read failure record \(pkg.root)/nope.failure.json: no such file\n")
        try pkg.write(Array("{\"version\": 1, \"kind\": ".utf8), to: pkg.artifactsFolder + "/testBroken.1.failure.json")
        let corrupt = try labelsnap(["reject", pkg.artifactsFolder + "/testBroken.1.failure.json"], cwd: "/")
        XCTAssertEqual(corrupt.status, 2)
        XCTAssertTrue(corrupt.stderr.hasPrefix("labelsnap: reject: cannot read failure record \(pkg.artifactsFolder)/testBroken.1.failure.json: "), corrupt.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: pkg.artifactsFolder + "/testBroken.1.failure.json"))
        // review lists what it can and exits 2 for the unreadable record.
        try makeMismatch()
        let review = try labelsnap(["review"], cwd: pkg.root)
        XCTAssertEqual(review.status, 2)
        XCTAssertTrue(review.stdout.contains("BadgeTests/testBadge.badge  mismatch"), review.stdout)
        XCTAssertTrue(review.stdout.contains("unreadable or refused record \(pkg.artifactsFolder)/testBroken.1.failure.json"), review.stdout)
        // report lists it too, still writes the page, and exits 2.
        let report = try labelsnap(["report", "-o", "r.html"], cwd: pkg.root)
        XCTAssertEqual(report.status, 2)
        let html = try String(contentsOfFile: pkg.root + "/r.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<h2>1 unreadable failure record</h2>"), html)
        // A missing actual file: accept refuses and keeps the reference.
        try FileManager.default.removeItem(atPath: pkg.actual("testBadge.badge"))
        let gone = try labelsnap(["accept", "testBadge.badge"], cwd: pkg.root)
        XCTAssertEqual(gone.status, 2)
        XCTAssertTrue(gone.stderr.contains("the actual file of BadgeTests/testBadge.badge is gone"), gone.stderr)
    }

    func testAcceptArtifactsDownloadedFromCI() throws {
        let (_, actualBytes) = try makeMismatch()
        // As if the artifacts were made on a CI machine at another path and downloaded here.
        let downloaded = pkg.root + "/Downloads/artifacts"
        try FileManager.default.createDirectory(atPath: pkg.root + "/Downloads", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: pkg.artifactsRoot, toPath: downloaded)
        var record = try SnapshotFailureRecord.load(downloaded + "/FakeTests/BadgeTests/testBadge.badge.png.failure.json")
        func ci(_ path: String) -> String { path.replacingOccurrences(of: pkg.root, with: "/home/runner/work/app") }
        record.packageRoot = ci(record.packageRoot)
        record.reference = ci(record.reference)
        record.snapshotsFolder = record.snapshotsFolder.map(ci)
        record.actual = record.actual.map(ci)
        record.artifacts = record.artifacts.mapValues(ci)
        try pkg.write(try record.jsonBytes(), to: downloaded + "/FakeTests/BadgeTests/testBadge.badge.png.failure.json")

        let review = try labelsnap(["review", "--artifacts", "Downloads/artifacts"], cwd: pkg.root)
        XCTAssertEqual(review.status, 0, review.stderr)
        XCTAssertTrue(review.stdout.contains("accept:      swift run labelsnap accept \(downloaded)/FakeTests/BadgeTests/testBadge.badge.png.failure.json"), review.stdout)
        let result = try labelsnap(["accept", "--all", "--artifacts", "Downloads/artifacts"], cwd: pkg.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("note: package root /home/runner/work/app does not exist here; using \(pkg.root)"), result.stdout)
        XCTAssertEqual(pkg.bytes(pkg.reference("testBadge.badge")), actualBytes)
        XCTAssertEqual(pkg.list(downloaded + "/FakeTests/BadgeTests"), [])
    }

    func testReviewListsTheNumbers() throws {
        try makeMismatch()
        // A size change, 8×6 → 9×7, and one differing pixel in the top-left overlap: aligned by content, the
        // reference fits one column to the right (the marked column is new), so the left edge moved and no
        // pixel of the aligned overlap differs (the failure message's count: 0 of 48).
        try pkg.fail("testWide()", named: "1", reference: try bitmap(8, 6), actual: try bitmap(9, 7, marks: [(0, 0)]))
        let result = try labelsnap(["review"], cwd: pkg.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            2 pending snapshot failures in \(pkg.artifactsRoot)

            BadgeTests/testBadge.badge  mismatch
              test:        testBadge  (\(pkg.testFile))
              reference:   __Snapshots__/FakeTests/BadgeTests/testBadge.badge.png
              differing:   2 of 48 px differ (4.167%)
              size:        8×6 px (same)
              largest Δ:   255 of 255
              changed box: (4, 2, 2×1)
              tolerance:   exact
              accept:      swift run labelsnap accept \(pkg.record("testBadge.badge"))

            BadgeTests/testWide.1  mismatch
              test:        testWide  (\(pkg.testFile))
              reference:   __Snapshots__/FakeTests/BadgeTests/testWide.1.png
              differing:   0 of 48 aligned px differ (0%)
              size:        8×6 → 9×7 px (left edge +1, bottom edge +1)
              largest Δ:   255 of 255
              changed box: (0, 0, 1×1)
              tolerance:   exact
              accept:      swift run labelsnap accept \(pkg.record("testWide.1"))

            Accept all: swift run labelsnap accept --all   Report: swift run labelsnap report

            """)
        let json = try labelsnap(["review", "--json"], cwd: pkg.root)
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["count"] as? Int, 2)
        XCTAssertEqual(object["artifacts"] as? String, pkg.artifactsRoot)
        let failures = try XCTUnwrap(object["failures"] as? [[String: Any]])
        XCTAssertEqual(failures.map { $0["snapshot"] as? String }, ["testBadge.badge", "testWide.1"])
        XCTAssertEqual(failures[0]["differing_pixels"] as? Int, 2)
        XCTAssertEqual(failures[0]["compared_pixels"] as? Int, 48)
        XCTAssertEqual(try XCTUnwrap(failures[0]["ratio"] as? Double), 2.0 / 48, accuracy: 1e-12)
        XCTAssertEqual(failures[1]["reference_size"] as? [Int], [8, 6])
        XCTAssertEqual(failures[1]["actual_size"] as? [Int], [9, 7])
        XCTAssertEqual(failures[0]["reference"] as? String, pkg.reference("testBadge.badge"))
        XCTAssertEqual(failures[0]["accept_command"] as? String, "swift run labelsnap accept " + pkg.record("testBadge.badge"))
    }

    func testReviewAndReportOfAnEmptyFolder() throws {
        let review = try labelsnap(["review"], cwd: pkg.root)
        XCTAssertEqual(review.status, 0, review.stderr)
        XCTAssertEqual(review.stdout, "No pending snapshot failures in \(pkg.artifactsRoot)\n")
        let json = try labelsnap(["review", "--json"], cwd: pkg.root)
        let object = try jsonObject(json.stdout)
        XCTAssertEqual(object["artifacts"] as? String, pkg.artifactsRoot)
        XCTAssertEqual(object["count"] as? Int, 0)
        XCTAssertEqual((object["failures"] as? [Any])?.count, 0)
        XCTAssertEqual((object["errors"] as? [Any])?.count, 0)
        // SNAPSHOT_ARTIFACTS, relative to the package root as in the assertions.
        let env = try labelsnap(["review"], cwd: pkg.root + "/Tests", environment: ["SNAPSHOT_ARTIFACTS": "ci-out"])
        XCTAssertEqual(env.stdout, "No pending snapshot failures in \(pkg.root)/ci-out\n")
        let report = try labelsnap(["report", "-o", "empty.html"], cwd: pkg.root)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stdout, "wrote \(pkg.root)/empty.html: 0 failures\n")
        let html = try String(contentsOfFile: pkg.root + "/empty.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<h1>No pending snapshot failures</h1>"), html)
        XCTAssertFalse(html.contains("<img"))
        XCTAssertEqual(try labelsnap(["reject", "--all"], cwd: pkg.root).status, 0)
    }

    func testHelpAndUsageErrors() throws {
        for command in ["review", "accept", "reject", "report"] {
            let help = try labelsnap([command, "--help"], cwd: "/")
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.stdout.hasPrefix("usage: labelsnap \(command)"), help.stdout)
            let bad = try labelsnap([command, "--bogus"], cwd: "/")
            XCTAssertEqual(bad.status, 2)
            XCTAssertEqual(bad.stderr, "labelsnap: \(command): unknown option --bogus\n")
        }
        XCTAssertEqual(try labelsnap(["accept"], cwd: "/").status, 2)
        XCTAssertEqual(try labelsnap(["reject", "--all", "x"], cwd: "/").status, 2)
        let usage = try labelsnap(["--help"], cwd: "/")
        for command in ["review", "accept", "reject", "report"] { XCTAssertTrue(usage.stdout.contains("\n  \(command) "), usage.stdout) }
    }
}

/// A JSON string literal for a path without quotes, backslashes or control characters.
func jsonQuoted(_ s: String) -> String { "\"" + s + "\"" }

/// `accept --artifacts` with artifacts another clone on this machine made: the reference is written
/// into the checkout around the working folder, not into the package root the record names.
final class AcceptIntoThisCheckoutTests: XCTestCase {
    func testAcceptArtifactsOfAnotherCloneWritesIntoThisCheckout() throws {
        let clone = try FailurePackage(), here = try FailurePackage()
        let reference = try bitmap(8, 6), actual = try bitmap(8, 6, marks: [(3, 3)])
        try clone.fail("testBadge()", named: "badge", reference: reference, actual: actual)
        let referenceBytes = try XCTUnwrap(clone.bytes(clone.reference("testBadge.badge")))
        try here.write(referenceBytes, to: here.reference("testBadge.badge"))   // the same commit
        let actualBytes = try XCTUnwrap(clone.bytes(clone.actual("testBadge.badge")))

        let result = try labelsnap(["accept", "--all", "--artifacts", clone.artifactsRoot], cwd: here.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("note: package root \(clone.root) is another checkout; writing into this one, \(here.root)"), result.stdout)
        XCTAssertEqual(here.bytes(here.reference("testBadge.badge")), actualBytes,
                       "the actual image is now this checkout's reference")
        XCTAssertEqual(clone.bytes(clone.reference("testBadge.badge")), referenceBytes, "the other clone is untouched")
    }
}
