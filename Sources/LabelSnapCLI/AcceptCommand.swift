// `labelsnap accept`: the actual files become the references (SnapshotReview does the checks and writes).
import Foundation
import SnapshotReview

let acceptSpec = CommandSpec(summary: """
    usage: labelsnap accept RECORD.failure.json… | NAME… | --all [--artifacts DIR…] [--dry-run] [--force]

    Replaces each selected failure's reference with its actual file (a temporary file in the same folder,
    then rename), then removes the failure's artifacts. Records are untrusted (CI artifacts): references are
    only written into a folder of references found here, <package root>/__Snapshots__, the folder
    LABELSNAP_SNAPSHOTS_DIR names here, or a snapshotDirectory: folder of the package that already holds
    references of the test; only .png and .txt files (or your own format's, beside its references), never a
    source file or a file outside the package. A record whose paths disagree is refused; --force never
    widens where accept writes.

    \(selectionHelp)
    """, options: selectionOptions + [
        OptionSpec("--force", help: "replace a reference even if it changed after the failure was recorded"),
    ], footer: """
    Nothing changes when a NAME matches nothing (the closest pending names are suggested) or is ambiguous. When artifacts
    were moved (downloaded from CI), the files next to the record are used. Inside a package, references
    are written into that checkout: a record made at another path (CI, another clone on this machine)
    places its reference at the same path relative to its package root; a folder of references that was
    outside its package needs LABELSNAP_SNAPSHOTS_DIR set to where that folder is here. Outside any package
    (no Package.swift at or above the working folder), the package root the record names is written, when it
    exists on this machine and the record lies inside it, and a note on stderr says so; run accept inside your checkout for CI artifacts.
    Exit status: 0 done (also --all with nothing pending), 1 a NAME matched nothing or several tests, 2 error (missing,
    corrupt or conflicting record, reference outside its folder of references, missing actual file, a failed write).
    """)

func runAcceptCommand(_ args: [String]) -> Int32 {
    runSelectionCommand(args, command: "accept", spec: acceptSpec) { f, dryRun, force, style in
        let outcome = try f.accept(force: force, dryRun: dryRun, environment: commandEnvironment)
        if f.checkout == nil {
            // No checkout around the working folder: the record's own package root is written; said on
            // stderr so that stdout stays the list of what was accepted.
            let what = dryRun ? "would write" : "writing"
            FileHandle.standardError.write(Data("\(TerminalStyle.err.warn("note:")) not inside a package; \(what) into the package root the record names: \(f.record.packageRoot)\n".utf8))
        }
        print(acceptText(f, outcome, dryRun: dryRun, style: style), terminator: "")
    }
}

/// `accepted BadgeTests/testBadge.1: replaced <reference>` and what changed, or what would with `dryRun`.
func acceptText(_ f: PendingFailure, _ o: AcceptOutcome, dryRun: Bool, style: TerminalStyle) -> String {
    var out = ""
    if let note = o.reference.note { out += "  " + style.warn("note:") + " \(untrusted(note))\n" }
    let ref = style.path(o.reference.path)
    let what: String
    switch o.change {
    case .unchanged: what = "reference already holds the actual file: \(ref)"
    case .created(let new): what = "\(dryRun ? "create" : "created") \(ref) (\(style.numbers(new)))"
    case .replaced(let old, let new):
        what = "\(dryRun ? "replace" : "replaced") \(ref)\n  was \(style.numbers(old)), now \(style.numbers(new))"
    }
    if dryRun { return out + style.warn("would accept") + " \(style.name(f.displayName)): \(what)\n" }
    return out + style.ok("accepted") + " \(style.name(f.displayName)): \(what)\n  " + removedText(o.removedFiles, from: f.folder, style: style) + "\n"
}
