// `labelsnap reject`: discard failures, keep the references.
import SnapshotReview

let rejectSpec = CommandSpec(summary: """
    usage: labelsnap reject RECORD.failure.json… | NAME… | --all [--artifacts DIR…] [--dry-run]

    Discards the selected failures: removes their artifacts (actual, diff, composite, reference copy,
    record) and keeps the reference exactly as it is. Only files of that failure next to its record are
    removed.

    \(selectionHelp)
    """, options: selectionOptions, footer: """
    Exit status: 0 done, 1 a NAME matched nothing or several tests, 2 error (missing or corrupt record, a failed removal).
    """)

func runRejectCommand(_ args: [String]) -> Int32 {
    runSelectionCommand(args, command: "reject", spec: rejectSpec) { f, dryRun, _, style in
        let outcome = try f.reject(dryRun: dryRun, environment: commandEnvironment)
        print(rejectText(f, outcome, dryRun: dryRun, style: style), terminator: "")
    }
}

/// `rejected BadgeTests/testBadge.1: kept <reference>` and the files removed.
func rejectText(_ f: PendingFailure, _ o: RejectOutcome, dryRun: Bool, style: TerminalStyle) -> String {
    let n = o.removedFiles
    // A reference that does not exist (never recorded, or deleted since the failure) is not "kept".
    let kept = o.referenceExists ? (dryRun ? "keep " : "kept ") + style.path(o.reference)
                                 : "no reference at \(style.path(o.reference)) (none to keep)"
    if dryRun {
        return style.warn("would reject") + " \(style.name(f.displayName)): \(kept), remove \(style.numbers(String(n))) file\(n == 1 ? "" : "s") from \(style.path(f.folder))\n"
    }
    return style.warn("rejected") + " \(style.name(f.displayName)): \(kept)\n  " + removedText(n, from: f.folder, style: style) + "\n"
}
