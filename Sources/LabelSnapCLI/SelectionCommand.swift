// The shared driver of `accept` and `reject`: parse, select by record path, name or --all across the
// artifacts folders, act on each failure (an error on one does not stop the others), exit status.
import SnapshotReview

/// Selection part of `accept --help` and `reject --help`.
let selectionHelp = """
selection:
  RECORD.failure.json  a failure record (the path printed by the failing test)
  NAME                 a pending failure under the artifacts folders, by snapshot (testBadge.1),
                       test file and snapshot (BadgeTests/testBadge.1), test (testBadge: all of its
                       snapshots), or reference path (__Snapshots__/BadgeTests/testBadge.1.png);
                       a name without its test file that fails in several test files is refused,
                       listing the qualified names
"""

/// The options accept and reject share (accept adds --force).
let selectionOptions = [
    OptionSpec("--all", help: "every pending failure under the artifacts folders"),
    artifactsOption,
    OptionSpec("--dry-run", help: "print what would be done, change nothing"),
]

func runSelectionCommand(_ args: [String], command: String, spec: CommandSpec,
                         action: (PendingFailure, _ dryRun: Bool, _ force: Bool, TerminalStyle) throws -> Void) -> Int32 {
    do {
        let r = try spec.read(args)
        if r.wantsHelp { print(spec.help); return 0 }
        let all = r.flag("--all")
        if all && !r.positionals.isEmpty { throw UsageError("give either --all or names/records, not both (see labelsnap \(command) --help)") }
        if !all && r.positionals.isEmpty { throw UsageError("name a failure record, a snapshot, or --all (see labelsnap \(command) --help)") }
        // Record paths need no artifacts folder; names and --all are looked up in checked ones.
        let needsFolders = all || r.positionals.contains { !$0.hasSuffix(".json") }
        // Accept writes into the checkout around the working folder, whatever package root a record names.
        let checkout = ArtifactsFolders.currentCheckout()
        let scan = needsFolders ? try ArtifactsFolders.scan(try ArtifactsFolders.resolve(r.values("--artifacts"), environment: commandEnvironment), checkout: checkout) : PendingScan()
        let style = TerminalStyle.out
        switch try scan.select(r.positionals, all: all, load: { try ArtifactsFolders.load(recordAt: $0, checkout: checkout) }) {
        case .unmatched(let names):
            for e in scan.errors { printError("\(command): skipped unreadable or refused failure record: \(e.message)") }
            for u in names {
                let hint = u.suggestions.isEmpty ? " (see \(shownCommand("labelsnap review")))" : "; did you mean \(u.suggestions.joined(separator: ", "))?"
                printError("\(command): no pending failure matches '\(u.name)' in \(foldersText(scan.roots))\(hint)")
            }
            printError("\(command): nothing was changed")
            return 1
        case .ambiguous(let names):
            for a in names {
                printError("\(command): '\(a.name)' matches pending failures of \(a.candidates.count) tests: \(a.candidates.joined(separator: ", ")); name the one you mean (or give each)")
            }
            printError("\(command): nothing was changed")
            return 1
        case .failures(let failures, let problems):
            if failures.isEmpty && problems.isEmpty {
                print("No pending snapshot failures in \(style.path(foldersText(scan.roots)))")
                return 0
            }
            var failed = !problems.isEmpty
            for f in failures {
                do { try action(f, r.flag("--dry-run"), r.flag("--force"), style) } catch {
                    printError("\(command) \(f.displayName): \(error)")
                    failed = true
                }
            }
            for p in problems { printError("\(command): \(p)") }
            return failed ? 2 : 0
        }
    } catch {
        printError("\(command): \(error)")
        return 2
    }
}

/// `removed 4 artifact files from <folder>`.
func removedText(_ count: Int, from folder: String, style: TerminalStyle) -> String {
    "removed \(style.numbers(String(count))) artifact file\(count == 1 ? "" : "s") from \(style.path(folder))"
}
