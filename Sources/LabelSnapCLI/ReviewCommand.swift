// `labelsnap review`: the pending failures, walked one at a time on a terminal (InteractiveReview),
// listed otherwise (a pipe, a file, `--list`) or as JSON.
import Foundation
import SnapshotReview
import SnapshotMessages
import SnapshotStore

let reviewSpec = CommandSpec(summary: """
    usage: labelsnap review [--artifacts DIR…] [--list | --json]

    On a terminal, walks the pending snapshot failures one at a time: the numbers, the paths, and a
    preview of reference, actual and diff drawn in the terminal (24-bit colour, scaled to fit; a note
    instead when the terminal does not announce COLORTERM=truecolor). Keys: a accept, r reject, s skip,
    t or ←/→ toggle reference / actual / diff, q quit; a summary follows.
    Not on a terminal (or with --list) it lists them: test, snapshot, reference, differing pixels and
    ratio, size change, and the command that accepts each.
    """, options: [
        artifactsOption,
        OptionSpec("--list", help: "list, even on a terminal"),
        OptionSpec("--json", help: #"print one JSON object {"artifacts", "count", "failures": […], "errors": […]}"#),
    ], footer: """
    Exit status: 0 listed or walked (also when there is nothing pending), 2 error (an unreadable or
    conflicting record, a bad option, a failed accept or reject).
    """)

/// Set by the SwiftPM command plugin for the `labelsnap` it runs, which has no terminal.
let pluginEnvironmentKey = "LABELSNAP_PLUGIN"

/// Why the plugin's `review` lists instead of reviewing one failure at a time, and how to get the interactive one.
let pluginReviewNote = "listed, not reviewed one at a time: `swift package labelsnap` runs without a terminal to read keys from. "
    + "For the interactive review run it in a terminal: swift build --product labelsnap && .build/debug/labelsnap review "
    + "(swift package labelsnap-list lists without this note, and asks for no write access)"

func runReviewCommand(_ args: [String]) -> Int32 {
    do {
        let r = try reviewSpec.read(args)
        if r.wantsHelp { print(reviewSpec.help); return 0 }
        guard r.positionals.isEmpty else { throw UsageError("review takes no arguments, got '\(r.positionals[0])' (see --help)") }
        let roots = try ArtifactsFolders.resolve(r.values("--artifacts"), environment: commandEnvironment)
        let scan = try ArtifactsFolders.scan(roots, checkout: ArtifactsFolders.currentCheckout())
        if r.flag("--json") {
            try printJSON(ReviewJSON(scan), pretty: true)
        } else if !r.flag("--list"), let terminal = InteractiveTerminal.open() {
            return InteractiveReview(scan: scan, terminal: terminal).run()
        } else {
            print(reviewText(scan, style: .out), terminator: "")
            if !r.flag("--list"), commandEnvironment[pluginEnvironmentKey] != nil, !scan.failures.isEmpty {
                printError("review: " + pluginReviewNote)
            }
        }
        for e in scan.errors { printError("review: \(e.message)") }
        return scan.errors.isEmpty ? 0 : 2
    } catch {
        printError("review: \(error)")
        return 2
    }
}

/// The rows of one failure: test, reference (and whether accept can write it), the numbers, what to run.
func reviewRows(_ f: PendingFailure, reference check: ReferenceCheck? = nil) -> [(label: String, value: String)] {
    let r = f.record
    var rows: [(String, String)] = [("test", r.testName + "  (" + r.testFile + ")")]
    let check = check ?? ReferenceCheck(f)
    var reference = r.referenceRelative
    if check.path == nil { reference += "  (accept refuses it)" }
    else if check.notAFile { reference += "  (not a regular file: accept refuses it)" }
    else if !check.exists { reference += "  (missing)" }
    else if check.changed { reference += "  (changed since the failure)" }
    rows.append(("reference", reference))
    rows += FailureText.rows(f.record)
    if r.referenceWritten { rows.append(("note", "the test already rewrote the reference (record mode \(r.recordMode))")) }
    if let refusal = check.refusal {
        rows.append(("accept", "not possible: \(refusal)"))
    } else if check.notAFile, let path = check.path {
        rows.append(("accept", "not possible while \(path) is not a regular file; delete it, then accept: \(shownCommand(f.acceptCommand))"))
    } else if f.canAccept {
        rows.append(("accept", shownCommand(f.acceptCommand)))
    } else {
        rows.append(("accept", "not possible: \(f.actualPath == nil ? "no actual file was written" : "the actual file is gone"); re-record: \(r.rerecordCommand)"))
    }
    return rows
}

/// Where accept would write a failure's reference (also for artifacts downloaded from CI) and whether that
/// file is still the one compared: resolved, read and hashed once per failure shown (a reference can be
/// megabytes, and the interactive review redraws its screen on every key).
struct ReferenceCheck {
    /// Where accept writes; nil when accept refuses the record's reference (`refusal` says why).
    let path: String?
    /// Why accept refuses to write this failure's reference (`PendingFailure.resolveReference`), if it does.
    let refusal: String?
    let exists: Bool
    /// Something other than a regular file is there (a FIFO, a folder): accept refuses until it is deleted.
    let notAFile: Bool
    /// The file there is not the one compared (missing, or its digest is not the record's): accept refuses.
    let changed: Bool

    /// Accept would write (what it finds there may still make it refuse: a changed reference without --force).
    var acceptable: Bool { path != nil && !notAFile }

    init(_ f: PendingFailure) {
        let resolved = Result { try f.resolveReference(environment: commandEnvironment).path }
        path = try? resolved.get()
        if case .failure(let error) = resolved { refusal = "\(error)" } else { refusal = nil }
        exists = path.map(SnapshotFileSystem.exists) ?? false
        notAFile = path.map(PendingFailure.holdsOtherThanAFile) ?? false
        changed = path.map { f.referenceUnchanged(at: $0) == false } ?? false
    }
}

/// `  label:      value` lines, the label dimmed, numbers and paths coloured.
func formatRows(_ rows: [(label: String, value: String)], style: TerminalStyle, indent: String = "  ") -> String {
    let width = max(12, (rows.map { $0.label.count }.max() ?? 0) + 1)
    var out = ""
    for (k, raw) in rows {
        let v = untrusted(raw)   // a record's fields: no escape sequence reaches the terminal
        let value: String
        switch k {
        case "accept" where !v.hasPrefix("not possible"): value = style.command(v)
        case "reference" where v.hasSuffix("(missing)") || v.contains("changed since") || v.contains("refuses"):
            let cut = v.range(of: "  (")!.lowerBound
            value = style.path(String(v[..<cut])) + style.warn(String(v[cut...]))
        case "reference": value = style.path(v)
        case "test":
            let cut = v.range(of: "  (")?.lowerBound ?? v.endIndex
            value = style.name(String(v[..<cut])) + style.dim(String(v[cut...]))
        default: value = style.numbers(v)
        }
        out += indent + style.dim((k + ":").padding(toLength: width, withPad: " ", startingAt: 0)) + " " + value + "\n"
    }
    return out
}

func reviewText(_ scan: PendingScan, style: TerminalStyle) -> String {
    let n = scan.failures.count
    let folders = foldersText(scan.roots)
    if n == 0 && scan.errors.isEmpty { return "No pending snapshot failures in \(style.path(folders))\n" }
    var out = style.numbers("\(n)") + " pending snapshot failure\(n == 1 ? "" : "s") in \(style.path(folders))\n"
    for f in scan.failures {
        out += "\n\(style.name(f.displayName))  \(style.bad(FailureText.kind(f.record.kind)))\n"
        out += formatRows(reviewRows(f), style: style)
    }
    for e in scan.errors { out += "\n" + style.bad("unreadable or refused record") + " \(style.path(e.path))\n  \(untrusted(e.message))\n" }
    for d in scan.duplicates { out += "\n" + style.dim(untrusted("same failure in two folders, shown once: \(d.path) = \(d.sameAs)")) + "\n" }
    if n > 0 {
        let options = artifactsArguments(scan.roots)
        out += "\nAccept all: " + style.command(shownCommand("labelsnap accept --all" + options))
            + "   Report: " + style.command(shownCommand("labelsnap report" + options)) + "\n"
    }
    return out
}

