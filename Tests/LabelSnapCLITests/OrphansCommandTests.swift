import Foundation
import Imaging
import SnapshotStore
import XCTest

/// `labelsnap orphans` on a throw-away package: the references a finished, unfiltered, passing run of
/// `swift test` did not use are listed, deleted only with `--delete`, and nothing is judged from
/// any other run.
final class OrphansCommandTests: XCTestCase {
    var pkg: FailurePackage!
    override func setUpWithError() throws { pkg = try FailurePackage() }
    override func tearDown() { pkg = nil }

    var snapshots: String { pkg.root + "/__Snapshots__" }
    var used: String { pkg.referenceFolder + "/testBadge.1.png" }
    var unused: String { pkg.referenceFolder + "/testRemoved.1.png" }
    var unusedFolder: String { snapshots + "/FakeTests/OldTests" }
    var custom: String { pkg.root + "/References" }

    override func setUp() {
        super.setUp()
        for path in [used, unused, unusedFolder + "/testGone.dark.png", pkg.referenceFolder + "/.gitkeep",
                     custom + "/FakeTests/BadgeTests/testBadge.custom.png", custom + "/FakeTests/BadgeTests/testBadge.old.txt"] {
            try? pkg.write([1, 2, 3], to: path)
        }
    }

    /// One process's manifest in the documented format (`SnapshotRunManifest`), from a launcher that no
    /// longer runs (pid above Linux's largest).
    func writeManifest(process: String = "4194400-11", launcher: [String] = ["/opt/swift/usr/bin/swift-test"],
                       exit: Int32? = 0, uses: [String]? = nil, folders: [String]? = nil, started: Double? = nil) throws {
        // By default the run started after setUp wrote the references (2 s later: file times come from
        // the kernel's coarse clock); a reference changed after the start is not judged.
        let started = started ?? Date().timeIntervalSince1970 + 2
        let uses = uses ?? [used, custom + "/FakeTests/BadgeTests/testBadge.custom.png"]
        var lines = ["labelsnap-manifest 1", "process \(process)", "run 4194401-10", "started \(started)",
                     "argv\t\(pkg.root)/.build/debug/FakePackageTests.xctest",
                     (["launcher 4194401-10"] + launcher).joined(separator: "\t")]
        lines += (folders ?? [snapshots, custom]).map { "snapshots\t" + $0 }
        lines += uses.map { "use\t" + $0 }
        if let exit { lines.append("exit \(exit)") }
        try pkg.write(Array((lines.joined(separator: "\n") + "\n").utf8),
                      to: pkg.artifactsRoot + "/.manifests/4194401-10/\(process).manifest")
    }

    func testListsWhatTheLastCompleteRunDidNotUse() throws {
        try writeManifest()
        try writeManifest(process: "4194402-12", uses: [])   // the second test process (Swift Testing) used nothing
        let result = try labelsnap(["orphans"], cwd: pkg.root)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, """
            Last run: 2 test processes, all passed; 2 references used in References, __Snapshots__.
            3 references no test used:
              References/FakeTests/BadgeTests/testBadge.old.txt
              __Snapshots__/FakeTests/BadgeTests/testRemoved.1.png
              __Snapshots__/FakeTests/OldTests/testGone.dark.png
            (A Swift Testing test skipped by .enabled(if:) or .disabled is not seen here, unlike XCTSkip: its references are listed as unused.)
            Delete them: swift run labelsnap orphans --delete  (--dry-run first to check)

            """)
        XCTAssertTrue(FileManager.default.fileExists(atPath: unused), "listing deletes nothing")
    }

    /// A reference written after the judged run started (a teammate's new test, recorded with another
    /// SNAPSHOT_ARTIFACTS) may be used by a test the run never saw: reported apart, never deleted.
    func testAReferenceNewerThanTheRunIsNotJudgedNorDeleted() throws {
        try writeManifest()
        let new = snapshots + "/FakeTests/NewTests/testNew.new.png"
        try pkg.write([4, 5, 6], to: new)
        // Its modification time after the run's start (a status-change time cannot be moved by hand).
        var times = [timeval(tv_sec: time(nil) + 60, tv_usec: 0), timeval(tv_sec: time(nil) + 60, tv_usec: 0)]
        XCTAssertEqual(utimes(new, &times), 0)
        let result = try labelsnap(["orphans", "--delete"], cwd: pkg.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("""
            1 reference is newer than the last complete run — not judged (created or changed after it started; run swift test again to judge it):
              __Snapshots__/FakeTests/NewTests/testNew.new.png
            Deleted 3 references no test used:
            """), result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: new), "a reference newer than the run stays")
        XCTAssertFalse(FileManager.default.fileExists(atPath: unused))

        // A run that started before every reference was written judges none of them.
        try FileManager.default.removeItem(atPath: pkg.artifactsRoot + "/.manifests")
        try writeManifest(started: 1_700_000_000)
        try pkg.write([1, 2, 3], to: unused)
        let old = try labelsnap(["orphans", "--delete"], cwd: pkg.root)
        XCTAssertEqual(old.status, 0, old.stderr)
        XCTAssertTrue(old.stdout.contains("2 references are newer than the last complete run — not judged"), old.stdout)
        XCTAssertTrue(old.stdout.hasSuffix("No unused references.\n"), old.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: new))
    }

    /// A test skipped in the run (XCTSkip, noted by the observer as `skipped<TAB>Class.test`) used none of its
    /// references: they are listed apart and never deleted, and the summary says how many tests were skipped.
    func testReferencesOfASkippedTestAreListedApartAndKept() throws {
        try writeManifest(uses: [used], folders: [snapshots])
        let manifest = pkg.artifactsRoot + "/.manifests/4194401-10/4194400-11.manifest"
        try pkg.write((pkg.bytes(manifest) ?? []) + Array("skipped\tBadgeTests.testRemoved\n".utf8), to: manifest)
        let result = try labelsnap(["orphans", "--delete"], cwd: pkg.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("""
            Last run: 1 test process, all passed (1 test skipped); 1 reference used in __Snapshots__.
            1 reference of tests skipped in that run — not judged, never deleted (BadgeTests.testRemoved; run them to judge):
              __Snapshots__/FakeTests/BadgeTests/testRemoved.1.png
            Deleted 1 reference no test used:
              __Snapshots__/FakeTests/OldTests/testGone.dark.png
            """), result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: unused), "the skipped test's reference stays")
    }

    /// A reference the last run did not use but a pending failure still names (a test failed in an earlier
    /// run, then was removed) is the review's to decide: listed apart, never deleted, and `reject` afterwards
    /// keeps it. A reject whose reference is gone does not say it kept it.
    func testAReferenceAPendingFailureNamesIsListedNotDeleted() throws {
        try pkg.fail("testRemoved()", named: "1", reference: try bitmap(4, 3), actual: try bitmap(4, 3, marks: [(1, 1)]))
        try writeManifest()
        let result = try labelsnap(["orphans", "--delete"], cwd: pkg.root)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("""
            1 unused reference named by a pending failure — never deleted (swift run labelsnap accept or reject the failure first; then swift run labelsnap orphans judges it):
              __Snapshots__/FakeTests/BadgeTests/testRemoved.1.png
            """), result.stdout)
        XCTAssertTrue(result.stdout.contains("Deleted 2 references no test used:"), result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: unused), "the reference a pending failure names stays")
        let rejected = try labelsnap(["reject", pkg.record("testRemoved.1")], cwd: pkg.root)
        XCTAssertEqual(rejected.status, 0, rejected.stderr)
        XCTAssertTrue(rejected.stdout.hasPrefix("rejected BadgeTests/testRemoved.1: kept \(unused)\n"), rejected.stdout)

        // Deleted by hand: reject says there is none to keep.
        try pkg.fail("testRemoved()", named: "1", reference: try bitmap(4, 3), actual: try bitmap(4, 3, marks: [(1, 1)]))
        try FileManager.default.removeItem(atPath: unused)
        let gone = try labelsnap(["reject", pkg.record("testRemoved.1")], cwd: pkg.root)
        XCTAssertEqual(gone.status, 0, gone.stderr)
        XCTAssertTrue(gone.stdout.hasPrefix("rejected BadgeTests/testRemoved.1: no reference at \(unused) (none to keep)\n"), gone.stdout)
        XCTAssertFalse(gone.stdout.contains("kept"), gone.stdout)
    }

    func testDryRunThenDelete() throws {
        try writeManifest()
        let dry = try labelsnap(["orphans", "--delete", "--dry-run"], cwd: pkg.root)
        XCTAssertEqual(dry.status, 1, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("Would delete 3 references no test used:\n  References/"), dry.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: unused))

        let deleted = try labelsnap(["orphans", "--delete"], cwd: pkg.root)
        XCTAssertEqual(deleted.status, 0, deleted.stderr)
        XCTAssertTrue(deleted.stdout.contains("Deleted 3 references no test used:"), deleted.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: unused))
        XCTAssertFalse(FileManager.default.fileExists(atPath: unusedFolder), "a folder left empty goes too")
        XCTAssertTrue(FileManager.default.fileExists(atPath: used))
        XCTAssertTrue(FileManager.default.fileExists(atPath: pkg.referenceFolder + "/.gitkeep"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: snapshots), "the folder of references itself stays")

        let again = try labelsnap(["orphans"], cwd: pkg.root)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.hasSuffix("No unused references.\n"), again.stdout)
    }

    /// Hidden temporaries of a recording killed mid-write (`.<name>.png.tmp-<pid>-<seq>-<random>`, the
    /// process gone) are listed, kept by a plain listing and a dry run, and deleted by --delete; one of a live
    /// process (this test's) is neither.
    func testListsAndDeletesTemporaryFilesOfKilledWriters() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        let stale = pkg.referenceFolder + "/.testMany.n6.png.tmp-\(p.processIdentifier)-7-27400"
        let nested = unusedFolder + "/.testGone.dark.png.tmp-\(p.processIdentifier)-1-5"
        let live = pkg.referenceFolder + "/.testBadge.1.png.tmp-\(getpid())-1-9"
        for path in [stale, nested, live] { try pkg.write([1], to: path) }
        try writeManifest(uses: [used, unused, unusedFolder + "/testGone.dark.png", custom + "/FakeTests/BadgeTests/testBadge.custom.png",
                                 custom + "/FakeTests/BadgeTests/testBadge.old.txt"])
        let listed = try labelsnap(["orphans"], cwd: pkg.root)
        XCTAssertEqual(listed.status, 1, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("""
            2 temporary files of a write that never finished (its test process is gone: killed or crashed) — not references; the next test run in their folder removes them, or swift run labelsnap orphans --delete:
              __Snapshots__/FakeTests/BadgeTests/.testMany.n6.png.tmp-\(p.processIdentifier)-7-27400
              __Snapshots__/FakeTests/OldTests/.testGone.dark.png.tmp-\(p.processIdentifier)-1-5
            No unused references.

            """), listed.stdout)
        let dry = try labelsnap(["orphans", "--delete", "--dry-run"], cwd: pkg.root)
        XCTAssertTrue(dry.stdout.contains("Would delete 2 temporary files"), dry.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: stale))
        let deleted = try labelsnap(["orphans", "--delete"], cwd: pkg.root)
        XCTAssertEqual(deleted.status, 0, deleted.stderr)
        XCTAssertTrue(deleted.stdout.contains("Deleted 2 temporary files"), deleted.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
        XCTAssertFalse(FileManager.default.fileExists(atPath: nested))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live))
        XCTAssertTrue(FileManager.default.fileExists(atPath: used))
    }

    /// Each untrusted run: nothing listed, nothing deleted, the reason and what to run instead.
    func testRefusesFilteredFailedAndCrashedRuns() throws {
        let cases: [(String, () throws -> Void)] = [
            ("selects tests with --filter", { try self.writeManifest(launcher: ["/opt/swift/usr/bin/swift-test", "--filter", "BadgeTests"]) }),
            ("selects tests with --skip", { try self.writeManifest(launcher: ["/opt/swift/usr/bin/swift-test", "--skip", "Slow"]) }),
            ("tests failed: FakePackageTests.xctest exited with status 1", { try self.writeManifest(exit: 1) }),
            ("a test process crashed or was killed before it finished", { try self.writeManifest(exit: nil) }),
        ]
        for (reason, write) in cases {
            try? FileManager.default.removeItem(atPath: pkg.artifactsRoot + "/.manifests")
            try write()
            let result = try labelsnap(["orphans", "--delete"], cwd: pkg.root)
            XCTAssertEqual(result.status, 2, reason)
            XCTAssertEqual(result.stdout, "", reason)
            XCTAssertTrue(result.stderr.contains(reason), "\(reason): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Run the whole suite with swift test (no --filter or --skip"), result.stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: unused), reason)
        }
    }

    /// Only the newest run is judged: a filtered run after a complete one may have recorded new
    /// references the complete one never saw.
    func testAnOlderCompleteRunIsNotJudgedInPlaceOfTheNewest() throws {
        try writeManifest(started: 1_700_000_000)
        try pkg.write(Array("""
            labelsnap-manifest 1
            process 4194500-20
            run 4194501-21
            started 1700000500
            argv\t\(pkg.root)/.build/debug/FakePackageTests.xctest
            launcher 4194501-21\t/opt/swift/usr/bin/swift-test\t--filter\tBadgeTests
            snapshots\t\(snapshots)
            use\t\(used)
            exit 0

            """.utf8), to: pkg.artifactsRoot + "/.manifests/4194501-21/4194500-20.manifest")
        let result = try labelsnap(["orphans", "--delete"], cwd: pkg.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("/.manifests/4194501-21"), result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: unused))
    }

    /// The manifest this test process writes for real (its launcher, swift test, still runs — or it was
    /// started by hand): refused either way.
    func testARunInProgressIsRefused() throws {
        guard SnapshotRunManifestWriter.isActive else { throw XCTSkip("not running inside a SwiftPM test bundle") }
        SnapshotRunManifestWriter.recordUse(reference: used, snapshotsFolder: snapshots, artifactsRoot: pkg.artifactsRoot)
        let result = try labelsnap(["orphans"], cwd: pkg.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("a test run is in progress") || result.stderr.contains("was not started by swift test"), result.stderr)
    }

    func testNoManifestSaysWhatToRun() throws {
        let result = try labelsnap(["orphans"], cwd: pkg.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("no run manifest in \(pkg.artifactsRoot)/.manifests: run the whole test suite once (swift test)"), result.stderr)
        let dry = try labelsnap(["orphans", "--dry-run"], cwd: pkg.root)
        XCTAssertEqual(dry.status, 2)
        XCTAssertTrue(dry.stderr.contains("--dry-run only applies to --delete"), dry.stderr)
        let help = try labelsnap(["orphans", "--help"], cwd: pkg.root)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("usage: labelsnap orphans [--delete] [--dry-run] [--artifacts DIR]"), help.stdout)
    }
}

/// What is not a reference of this run is never listed or deleted: notes beside the references, another
/// test module's folder, and a folder outside the package (shared with another package) is only listed.
final class OrphansScopeTests: XCTestCase {
    func testOnlyReferenceFilesOfTheRunsModulesAndNeverDeletesOutsideThePackage() throws {
        let pkg = try FailurePackage()
        let outsideRoot = pkg.root + "-outside refs"
        defer { try? FileManager.default.removeItem(atPath: outsideRoot) }
        let snapshots = pkg.root + "/__Snapshots__"
        let used = pkg.referenceFolder + "/testBadge.1.png", unused = pkg.referenceFolder + "/testOld.1.png"
        let outsideUsed = outsideRoot + "/FakeTests/BadgeTests/testBadge.shared.png"
        let outsideUnused = outsideRoot + "/FakeTests/BadgeTests/testGone.shared.png"
        let untouched = [snapshots + "/README.md", pkg.referenceFolder + "/notes.md",
                         snapshots + "/OtherPackageTests/Foo/testFoo.1.png",
                         outsideRoot + "/README.md", outsideRoot + "/OtherPackageTests/Foo/testFoo.1.png"]
        for path in [used, unused, outsideUsed, outsideUnused] + untouched { try pkg.write([1, 2, 3], to: path) }
        let lines = ["labelsnap-manifest 1", "process 4194400-11", "run 4194401-10",
                     "started \(Date().timeIntervalSince1970 + 2)",
                     "argv\t\(pkg.root)/.build/debug/FakePackageTests.xctest",
                     "launcher 4194401-10\t/opt/swift/usr/bin/swift-test",
                     "snapshots\t\(snapshots)", "snapshots\t\(outsideRoot)",
                     "use\t\(used)", "use\t\(outsideUsed)", "exit 0"]
        try pkg.write(Array((lines.joined(separator: "\n") + "\n").utf8),
                      to: pkg.artifactsRoot + "/.manifests/4194401-10/4194400-11.manifest")

        let result = try labelsnap(["orphans", "--delete"], cwd: pkg.root)
        XCTAssertEqual(result.status, 1, "the outside one is still listed: " + result.stderr)
        XCTAssertEqual(result.stdout, """
            Last run: 1 test process, all passed; 2 references used in \(outsideRoot), __Snapshots__.
            1 unused reference outside this package — never deleted (in \(outsideRoot), which another package or test target may share; delete by hand what you know is unused):
              \(outsideUnused)
            Deleted 1 reference no test used:
              __Snapshots__/FakeTests/BadgeTests/testOld.1.png

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: unused))
        for path in untouched + [used, outsideUsed, outsideUnused] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
        }
    }
}
