import Foundation
import TestSupport
import XCTest
import SnapshotStore

/// The manifest of the references a run used: written by many threads and processes at once, merged
/// per run, and judged (`SnapshotRunManifest.problems`) by the documented rule.
final class RunManifestTests: XCTestCase {
    /// The variable that makes `ManifestProcessHelper` act when this bundle runs it in a child process.
    static let helperVariable = "LABELSNAP_TEST_MANIFEST_HELPER"

    func requireTestBundle() throws {
        guard SnapshotRunManifestWriter.isActive else { throw XCTSkip("not running inside a SwiftPM test bundle (no manifest is written)") }
    }

    func testNoManifestIsStartedInsideTheReferences() throws {
        try requireTestBundle()
        let pkg = try TempPackage()
        let nothing = "SnapshotStoreTests.RunManifestTests/testNoSuchTest"
        for (artifacts, references) in [("__Snapshots__", nil), ("__Snapshots__/art", nil), ("Refs/art", "Refs")] {
            _ = try TestBundleProcess.run([nothing], in: pkg.root,
                                          environment: ["SNAPSHOT_ARTIFACTS": artifacts, "LABELSNAP_SNAPSHOTS_DIR": references])
            XCTAssertFalse(FileManager.default.fileExists(atPath: pkg.root + "/" + (references ?? "__Snapshots__")), artifacts)
        }
        // The same child with an artifacts folder elsewhere does start its manifest there.
        _ = try TestBundleProcess.run([nothing], in: pkg.root, environment: ["SNAPSHOT_ARTIFACTS": "art"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: pkg.root + "/art/.manifests"))
    }

    func testThreadsWritingAtOnceLeaveWholeLinesAndEveryReference() throws {
        try requireTestBundle()
        let pkg = try TempPackage()
        let artifacts = pkg.root + "/.build/snapshot-artifacts"
        let threads = 8, perThread = 250, snapshots = pkg.snapshots
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for i in 0..<perThread {
                // Each reference twice: a reference is listed once however often it is used.
                for _ in 0..<2 {
                    SnapshotRunManifestWriter.recordUse(reference: snapshots + "/M/F/test\(t).\(i).png",
                                                        snapshotsFolder: snapshots, artifactsRoot: artifacts)
                }
            }
        }
        let runs = SnapshotRunManifest.runs(in: artifacts)
        XCTAssertEqual(runs.count, 1)
        let process = try XCTUnwrap(runs.first?.processes.first)
        XCTAssertEqual(runs.first?.processes.count, 1)
        XCTAssertEqual(process.references.count, threads * perThread)
        XCTAssertEqual(process.snapshotsFolders, [pkg.snapshots])
        XCTAssertEqual(process.arguments.first, CommandLine.arguments.first)
        XCTAssertNil(process.exitStatus, "this process has not exited")
        // Every line is whole: a header line, one of the two kinds written here, each use once, or a test this
        // process skipped (noted in each of its manifests: SkippedTestNoteTests).
        let text = try String(contentsOfFile: process.file, encoding: .utf8)
        let uses = text.split(separator: "\n").filter { $0.hasPrefix("use\t") }
        XCTAssertEqual(uses.count, threads * perThread)
        for line in text.split(separator: "\n") {
            let key = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            XCTAssertTrue(["labelsnap-manifest", "process", "run", "started", "argv", "launcher", "snapshots", "use", "skipped"].contains(key), String(line))
        }
    }

    /// Child processes of this bundle (each its own test process, as `swift test --parallel` starts
    /// them) write to one run at once; one of them dies before its first assertion.
    func testProcessesWritingAtOnceMergeIntoOneRunAndACrashIsSeen() throws {
        try requireTestBundle()
        let pkg = try TempPackage()
        let processes = 4, perProcess = 300
        var children: [Process] = []
        for index in 0..<processes {
            children.append(try helper("testWriteUses", index: index, count: perProcess, pkg: pkg))
        }
        let crashed = try helper("testDieBeforeAnyAssertion", index: 99, count: 0, pkg: pkg)
        for child in children + [crashed] { child.waitUntilExit() }
        XCTAssertEqual(children.map(\.terminationStatus), Array(repeating: 0, count: processes))
        XCTAssertEqual(crashed.terminationReason, .uncaughtSignal)

        let runs = SnapshotRunManifest.runs(in: pkg.root + "/.build/snapshot-artifacts")
        XCTAssertEqual(runs.map(\.run), ["id-orphans-test-run"], "one run, named by LABELSNAP_RUN_ID")
        let run = try XCTUnwrap(runs.first)
        XCTAssertEqual(run.processes.count, processes + 1)
        XCTAssertEqual(run.references.count, processes * perProcess)
        for index in 0..<processes {
            XCTAssertTrue(run.references.contains(pkg.snapshots + "/M/F/p\(index).\(perProcess - 1).png"))
        }
        XCTAssertEqual(run.processes.filter { $0.exitStatus == 0 }.count, processes)
        // The one that died wrote nothing itself: its manifest exists from the bundle's start.
        let dead = try XCTUnwrap(run.processes.first { $0.exitStatus == nil })
        XCTAssertTrue(dead.references.isEmpty)
        XCTAssertTrue(dead.arguments.contains { $0.hasSuffix("testDieBeforeAnyAssertion") }, "\(dead.arguments)")
        let problems = run.problems()
        XCTAssertTrue(problems.contains { $0.hasPrefix("a test process crashed or was killed before it finished") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("was not started by swift test") }, "\(problems)")
    }

    /// SwiftPM passes the selected tests to the bundle in one argument (this suite's whole list is over 30 KB).
    /// A process started so by a `swift-…` launcher keeps whole lines, its launcher line and both command lines
    /// whole: the header was a 16 KB buffer, and when cut it lost its last newline, so the first line written
    /// after it was glued on ("lsnapshots\t…") and the run's snapshots folders were lost; in this suite that
    /// took a filter of a few test targets (`--filter "SnapshotStoreTests|RunManifestTests|…"`).
    func testALongSelectionFromALauncherKeepsWholeLines() throws {
        try requireTestBundle()
        let pkg = try TempPackage()
        // A parent named like SwiftPM's swift-test (the kernel names a process after the file it runs).
        let launcher = pkg.root + "/swift-test-stand-in"
        XCTAssertEqual(symlink("/bin/sh", launcher), 0)
        let selection = Array(repeating: "SnapshotStoreTests.ManifestProcessHelper/testWriteUses", count: 400).joined(separator: ",")
        XCTAssertGreaterThan(selection.utf8.count, 16_384)
        // Not the last command, so the shell waits instead of replacing itself: it stays the bundle's parent.
        let child = try TestBundleProcess.run(["-c", "\"$0\" \"$1\"; exit $?", CommandLine.arguments[0], selection], in: pkg.root,
                                              environment: ["LABELSNAP_RUN_ID": nil, Self.helperVariable: "\(pkg.root)|7|50"],
                                              executable: launcher)
        XCTAssertEqual(child.status, 0)

        let runs = SnapshotRunManifest.runs(in: pkg.root + "/.build/snapshot-artifacts")
        XCTAssertEqual(runs.count, 1)
        let process = try XCTUnwrap(runs.first?.processes.first)
        XCTAssertEqual(runs.first?.processes.count, 1)
        XCTAssertEqual(process.arguments, [CommandLine.arguments[0], selection])
        XCTAssertEqual(process.launcherArguments.suffix(2), [CommandLine.arguments[0], selection])
        XCTAssertEqual(process.launcher, runs.first?.run, "the run is the launcher's")
        XCTAssertEqual(process.snapshotsFolders, [pkg.snapshots])
        XCTAssertEqual(process.references.count, 50)
        XCTAssertEqual(process.exitStatus, 0)
        let text = try String(contentsOfFile: process.file, encoding: .utf8)
        for line in text.split(separator: "\n") {
            let key = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            XCTAssertTrue(["labelsnap-manifest", "process", "run", "started", "argv", "launcher", "snapshots", "use", "exit"].contains(key),
                          String(line.prefix(200)))
        }
    }

    private func helper(_ test: String, index: Int, count: Int, pkg: TempPackage) throws -> Process {
        // As swift test: the package is the working folder.
        try TestBundleProcess.start(["SnapshotStoreTests.ManifestProcessHelper/" + test], in: pkg.root,
                                    environment: ["LABELSNAP_RUN_ID": "orphans test run", Self.helperVariable: "\(pkg.root)|\(index)|\(count)"])
    }

    // MARK: - The rule

    /// A manifest as the writer lays it out (docs/snapshots.md, `SnapshotRunManifest`).
    func manifest(process: String = "100-5", arguments: [String] = [], launcher: [String]? = ["/opt/swift/usr/bin/swift-test"],
                  exit: Int32? = 0, uses: [String] = ["/p/__Snapshots__/M/F/t.1.png"]) -> SnapshotRunManifest.ProcessRecord? {
        var lines = ["labelsnap-manifest 1", "process \(process)", "run 7-3", "started 1700000000.5",
                     (["argv", "/p/.build/debug/PPackageTests.xctest"] + arguments).joined(separator: "\t")]
        if let launcher { lines.append((["launcher 7-3"] + launcher.map(SnapshotRunManifest.escape)).joined(separator: "\t")) }
        lines += uses.map { "snapshots\t/p/__Snapshots__\nuse\t" + SnapshotRunManifest.escape($0) }
        if let exit { lines.append("exit \(exit)") }
        return SnapshotRunManifest.parse(Array((lines.joined(separator: "\n") + "\n").utf8), file: "/m/\(process).manifest")
    }

    func problems(_ records: [SnapshotRunManifest.ProcessRecord?], running: Set<String> = []) -> [String] {
        SnapshotRunManifest(run: "7-3", folder: "/m", processes: records.compactMap { $0 }).problems { running.contains($0) }
    }

    func testACompleteRunOfSwiftTestIsTrusted() {
        XCTAssertEqual(problems([manifest(), manifest(process: "101-6")]), [])
        XCTAssertEqual(problems([manifest(launcher: ["/opt/swift/usr/bin/swift-test", "--parallel", "--num-workers", "2"])]), [])
    }

    func testFilteredRunsAreRefusedWithTheOption() {
        for options in [["--filter", "BadgeTests"], ["--skip", "Slow"], ["--filter=BadgeTests"], ["-s", "M.F/testA"],
                        ["--test-product", "AppPackageTests"], ["--disable-xctest"], ["--disable-swift-testing"]] {
            let found = problems([manifest(launcher: ["/opt/swift/usr/bin/swift-test"] + options)])
            XCTAssertEqual(found.count, 1, "\(options)")
            let option = String(options[0].split(separator: "=")[0])
            XCTAssertTrue(found.first?.hasPrefix("the run was filtered (swift test ") == true, "\(found)")
            XCTAssertTrue(found.first?.hasSuffix("selects tests with \(option))") == true, "\(found)")
        }
        XCTAssertEqual(problems([manifest(launcher: ["/opt/swift/usr/bin/swift-test", "list"])]),
                       ["the run only listed the tests (swift test list)"])
    }

    func testFailedCrashedRunningAndHandStartedRunsAreRefused() {
        XCTAssertEqual(problems([manifest(), manifest(process: "101-6", exit: 1)]),
                       ["tests failed: PPackageTests.xctest exited with status 1"])
        XCTAssertEqual(problems([manifest(exit: nil)]),
                       ["a test process crashed or was killed before it finished: PPackageTests.xctest (no exit status in /m/100-5.manifest)"])
        // A run in progress, by the launcher's or the process's pid and start time: not a crash.
        XCTAssertEqual(problems([manifest(exit: nil)], running: ["7-3"]),
                       ["a test run is in progress (swift test, process 7): wait until it finishes"])
        XCTAssertEqual(problems([manifest(exit: nil)], running: ["100-5"]),
                       ["a test run is in progress: process 100 (PPackageTests.xctest) has not finished"])
        // Swift Testing exits 69 (EX_UNAVAILABLE) when no test matched: filtered, not failed.
        XCTAssertEqual(problems([manifest(), manifest(process: "101-6", exit: 69)]),
                       ["no test matched in PPackageTests.xctest (exit status 69, EX_UNAVAILABLE: Swift Testing's status when a filter selects none of its tests): the run was filtered"])
        XCTAssertEqual(problems([manifest(launcher: nil)]),
                       ["process 100-5 was not started by swift test (PPackageTests.xctest): a test bundle run by hand runs one testing library"])
        XCTAssertEqual(problems([manifest(uses: [])]), ["the run used no reference at all (were the snapshot tests run?)"])
    }

    /// `swift test` 6.3.1 always starts a Swift Testing pass after the XCTest one (the bundle again, with
    /// `--testing-library swift-testing`), and Swift Testing exits 69 when it ran no test: in an XCTest-only
    /// package every plain run ends so (measured in a scratch package, as an XCTest pass without a test exits
    /// 0). Unfiltered, that pass is complete; with a selection it stays a filtered run.
    func testASwiftTestingPassWithoutTestsInAnUnfilteredRunIsComplete() {
        let swiftTesting = ["--testing-library", "swift-testing"]
        XCTAssertEqual(problems([manifest(), manifest(process: "101-6", arguments: swiftTesting, exit: 69, uses: [])]), [])
        let parallel = ["/opt/swift/usr/bin/swift-test", "--parallel"]
        XCTAssertEqual(problems([manifest(arguments: ["M.F/testA"], launcher: parallel),
                                 manifest(process: "101-6", arguments: ["--parallel"] + swiftTesting, launcher: parallel, exit: 69, uses: [])]), [])

        let filtered = ["/opt/swift/usr/bin/swift-test", "--filter", "BadgeTests"]
        XCTAssertEqual(problems([manifest(arguments: ["M.BadgeTests/testA"], launcher: filtered),
                                 manifest(process: "101-6", arguments: ["--filter", "BadgeTests"] + swiftTesting, launcher: filtered, exit: 69, uses: [])]),
                       ["the run was filtered (swift test --filter BadgeTests selects tests with --filter)",
                        "no test matched in PPackageTests.xctest --filter BadgeTests --testing-library swift-testing (exit status 69, EX_UNAVAILABLE: Swift Testing's status when a filter selects none of its tests): the run was filtered"])
        // The pass's own selection, or a bundle run by hand, is not a package without Swift Testing tests.
        XCTAssertEqual(problems([manifest(), manifest(process: "101-6", arguments: ["--skip", "Slow"] + swiftTesting, exit: 69, uses: [])]),
                       ["no test matched in PPackageTests.xctest --skip Slow --testing-library swift-testing (exit status 69, EX_UNAVAILABLE: Swift Testing's status when a filter selects none of its tests): the run was filtered"])
        XCTAssertEqual(problems([manifest(process: "101-6", arguments: swiftTesting, launcher: nil, exit: 69)]).count, 2)
        // Another library's 69 is not Swift Testing's "no test".
        XCTAssertEqual(problems([manifest(), manifest(process: "101-6", exit: 69)]).count, 1)
    }

    func testEscapedPathsRoundTrip() throws {
        let odd = "/p/__Snapshots__/M/F/tab\there\\new\nline.png"
        XCTAssertEqual(try XCTUnwrap(manifest(uses: [odd])).references, [odd])
        XCTAssertNil(SnapshotRunManifest.parse(Array("not a manifest\n".utf8), file: "/x"))
    }
}

/// Run in child processes by `RunManifestTests` (it sets `LABELSNAP_TEST_MANIFEST_HELPER`); does
/// nothing in a normal run of the suite.
final class ManifestProcessHelper: XCTestCase {
    var settings: (root: String, index: Int, count: Int)? {
        guard let value = ProcessInfo.processInfo.environment[RunManifestTests.helperVariable] else { return nil }
        let parts = value.split(separator: "|").map(String.init)
        guard parts.count == 3, let index = Int(parts[1]), let count = Int(parts[2]) else { return nil }
        return (parts[0], index, count)
    }

    func testWriteUses() {
        guard let settings else { return }
        for i in 0..<settings.count {
            SnapshotRunManifestWriter.recordUse(reference: settings.root + "/__Snapshots__/M/F/p\(settings.index).\(i).png",
                                                snapshotsFolder: settings.root + "/__Snapshots__",
                                                artifactsRoot: settings.root + "/.build/snapshot-artifacts")
        }
    }

    func testDieBeforeAnyAssertion() {
        guard settings != nil else { return }
        kill(getpid(), SIGKILL)
    }
}
