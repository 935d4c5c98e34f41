// `labelsnap orphans`: the references no test used in the last complete run.
import Foundation
import SnapshotReview
import SnapshotStore

let orphansSpec = CommandSpec(summary: """
    usage: labelsnap orphans [--delete] [--dry-run] [--artifacts DIR]

    Lists the references (in __Snapshots__, or the folder LABELSNAP_SNAPSHOTS_DIR / snapshotDirectory:
    named) that no test used in the last run of the test suite: tests renamed or removed leave their
    references behind. Every swift test run leaves a manifest of the references it used in
    <artifacts>/.manifests/<run>/ (one file per test process, so parallel processes never share a file).

    It judges only from the newest run, and only when that run is complete: started by swift test with
    no --filter, --skip or other selection (--parallel is fine), finished, and every test process exited
    with status 0 (no test failed, nothing crashed; in a package without Swift Testing tests, swift test's
    Swift Testing pass runs none and exits 69, which counts as passed). Otherwise it says why and changes nothing: run the
    whole suite with swift test, fix what fails, then run labelsnap orphans again. A reference created or
    changed after that run started (a test added by git pull, a run with another SNAPSHOT_ARTIFACTS) is
    listed as newer than the run and never deleted. References of XCTest cases skipped in the run (XCTSkip)
    are listed apart and never deleted, as are references a pending failure names (accept or reject it
    first); Swift Testing does not tell which of its tests it skipped
    (.enabled(if:), .disabled), so theirs are listed as unused.

    Only reference files are judged (.png, .txt and the extensions of the references the run used: a
    README.md is not one), and only inside the <TestModule> folders whose references the run used (a folder
    shared by several test targets keeps the others'). A folder of references outside this package
    (snapshotDirectory: "../SharedReferences") may belong to another package too: its unused files are listed, never
    deleted.

    Hidden temporary files of a write that never finished (.<name>.png.tmp-<pid>-…, left by a test killed
    while it recorded) whose process is gone are listed too, and deleted with --delete; a test run removes
    those in the folders it uses.
    """, options: [
        OptionSpec("--delete", help: "delete the unused references and abandoned temporary files (and folders they leave empty)"),
        OptionSpec("--dry-run", help: "with --delete: print what would be deleted, delete nothing (refused without --delete)"),
        OptionSpec("--artifacts", kind: .list("DIR"), help: """
            where the run manifests are; default: $SNAPSHOT_ARTIFACTS, relative to the package
            root, else <package root>/.build/snapshot-artifacts
            """),
    ], footer: """
    Exit status: 0 no unused reference (or all deleted), 1 unused references or abandoned temporary files listed (or left outside the package), 2 the last run cannot
    be judged, or an error.
    """)

func runOrphansCommand(_ args: [String]) -> Int32 {
    let style = TerminalStyle.out
    do {
        let reader = try orphansSpec.read(args)
        if reader.wantsHelp { print(orphansSpec.help); return 0 }
        guard reader.positionals.isEmpty else { throw UsageError("orphans takes no names (got \(reader.positionals.joined(separator: " "))); see \(shownCommand("labelsnap orphans --help")))") }
        let roots = try ArtifactsFolders.resolve(reader.values("--artifacts"), environment: commandEnvironment)
        guard roots.count == 1 else { throw UsageError("orphans reads one artifacts folder (the last run's), got \(roots.count)") }
        let delete = reader.flag("--delete"), dryRun = reader.flag("--dry-run")
        // Refused rather than ignored (as git clean refuses a lone option): a lone --dry-run reads as if
        // --delete were meant, and listing deletes nothing anyway.
        if dryRun && !delete { throw UsageError("--dry-run only applies to --delete: orphans alone deletes nothing; to see what --delete would remove, run \(shownCommand("labelsnap orphans --delete --dry-run")))") }
        let root = ArtifactsFolders.currentPackageRoot()
        let scan = try OrphanScan.scan(artifactsRoot: roots[0], packageRoot: root)
        func shown(_ path: String) -> String { path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path }
        let processes = scan.run.processes.count
        let skips = scan.run.skippedTests.count
        print("Last run: \(processes) test process\(processes == 1 ? "" : "es"), all passed"
              + (skips == 0 ? "" : " (\(skips) test\(skips == 1 ? "" : "s") skipped)")
              + "; \(scan.usedCount) reference\(scan.usedCount == 1 ? "" : "s") used in \(scan.folders.map(shown).joined(separator: ", ")).")
        if !scan.skipped.isEmpty {
            let n = scan.skipped.count
            print(style.warn("\(n) reference\(n == 1 ? "" : "s") of tests skipped in that run — not judged, never deleted") + " (\(scan.run.skippedTests.sorted().joined(separator: ", ")); run them to judge):")
            for file in scan.skipped { print("  " + style.path(shown(file))) }
        }
        if !scan.newer.isEmpty {
            let n = scan.newer.count
            print(style.warn("\(n) reference\(n == 1 ? " is" : "s are") newer than the last complete run — not judged") + " (created or changed after it started; run swift test again to judge \(n == 1 ? "it" : "them")):")
            for file in scan.newer { print("  " + style.path(shown(file))) }
        }
        if !scan.outside.isEmpty {
            let n = scan.outside.count
            print(style.warn("\(n) unused reference\(n == 1 ? "" : "s") outside this package — never deleted") + " (in \(scan.outsideFolders.joined(separator: ", ")), which another package or test target may share; delete by hand what you know is unused):")
            for file in scan.outside { print("  " + style.path(file)) }
        }
        if !scan.pending.isEmpty {
            let n = scan.pending.count
            print(style.warn("\(n) unused reference\(n == 1 ? "" : "s") named by a pending failure — never deleted") + " (\(shownCommand("labelsnap accept")) or reject the failure first; then \(shownCommand("labelsnap orphans")) judges \(n == 1 ? "it" : "them")):")
            for file in scan.pending { print("  " + style.path(shown(file))) }
        }
        if !scan.abandonedTemporaries.isEmpty {
            let n = scan.abandonedTemporaries.count
            let what = "\(n) temporary file\(n == 1 ? "" : "s") of a write that never finished (its test process is gone: killed or crashed)"
            if delete && !dryRun {
                for file in scan.abandonedTemporaries { try SnapshotFileSystem.removeIfPresent(file) }
                print(style.warn("Deleted") + " " + what + ":")
            } else {
                print(style.warn((delete ? "Would delete " : "") + what) + (delete ? ":" : " — not references; the next test run in their folder removes them, or \(shownCommand("labelsnap orphans --delete")):"))
            }
            for file in scan.abandonedTemporaries { print("  " + style.path(shown(file))) }
        }
        let temporariesLeft = !scan.abandonedTemporaries.isEmpty && !(delete && !dryRun)
        if scan.orphans.isEmpty {
            print(scan.outside.isEmpty && scan.pending.isEmpty ? style.ok("No unused references.") : "No other unused references in this package.")
            return scan.outside.isEmpty && scan.pending.isEmpty && !temporariesLeft ? 0 : 1
        }
        let n = scan.orphans.count
        let what = "\(n) reference\(n == 1 ? "" : "s") no test used"
        if delete && !dryRun {
            let deleted = try scan.delete()
            print(style.warn("Deleted") + " \(what):")
            for file in deleted where !scan.abandonedTemporaries.contains(file) { print("  " + style.path(shown(file))) }
            return scan.outside.isEmpty && scan.pending.isEmpty ? 0 : 1
        }
        print((delete ? style.warn("Would delete") + " " + what : what.prefix(1).uppercased() + what.dropFirst()) + ":")
        for file in scan.orphans { print("  " + style.path(shown(file))) }
        print(style.dim("(A Swift Testing test skipped by .enabled(if:) or .disabled is not seen here, unlike XCTSkip: its references are listed as unused.)"))
        let deleteCommand = shownCommand("labelsnap orphans --delete" + artifactsArguments(roots))
        print("Delete them: " + deleteCommand + (delete ? "" : "  (--dry-run first to check)"))
        return 1
    } catch {
        printError("orphans: \(error)")
        return 2
    }
}
