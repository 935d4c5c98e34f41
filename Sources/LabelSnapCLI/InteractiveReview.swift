// `labelsnap review` on a terminal: one pending failure at a time, with its numbers, its paths and a
// preview of reference, actual and diff; keys accept, reject, skip, toggle the view, quit; a summary
// at the end. Accept and reject are SnapshotReview's, the same as the commands.
import Foundation
import Imaging
import SnapshotReview
import SnapshotMessages
import SnapshotStore

struct InteractiveReview {
    let scan: PendingScan
    let terminal: InteractiveTerminal

    enum View: String, CaseIterable { case diff, reference, actual }
    enum Decision { case accepted(String), rejected(String), skipped }

    /// Walks the failures; returns the exit status (2 when a record was unreadable or an action failed
    /// and the failure was left pending).
    func run() -> Int32 {
        let style = terminal.style
        var decisions: [(PendingFailure, Decision)] = []
        var failedActions = 0
        var quitAt: Int?
        var message: String?
        var index = 0
        var view = View.diff
        var checked: (index: Int, reference: ReferenceCheck)?   // kept while the same failure is on screen
        walk: while index < scan.failures.count {
            let f = scan.failures[index]
            let reference: ReferenceCheck
            if let checked, checked.index == index { reference = checked.reference } else {
                reference = ReferenceCheck(f)
                checked = (index, reference)
            }
            terminal.draw(screen(f, index: index, view: view, message: message, reference: reference))
            message = nil
            // Moves on after a decision; an accept or reject that fails keeps the failure on screen.
            func decide(_ verb: String, _ act: () throws -> Decision) {
                do {
                    decisions.append((f, try act()))
                    message = (verb == "accepted" ? style.ok(verb) : style.warn(verb)) + " " + style.name(f.displayName)
                    index += 1; view = .diff
                } catch {
                    message = style.bad("\(verb == "accepted" ? "accept" : "reject") failed: ") + "\(error)"
                    failedActions += 1
                    checked = nil   // look at the reference again: a refused accept may be about it
                }
            }
            switch terminal.readKey() {
            case .character("a"), .character("y"):
                guard f.canAccept else { message = style.warn("cannot accept: the actual file is missing; re-record: \(f.record.rerecordCommand)"); continue }
                decide("accepted") { .accepted(acceptText(f, try f.accept(environment: commandEnvironment), dryRun: false, style: style)) }
            case .character("r"), .character("n"):
                decide("rejected") { .rejected(rejectText(f, try f.reject(environment: commandEnvironment), dryRun: false, style: style)) }
            case .character("s"), .character(" "), .character("j"):
                decisions.append((f, .skipped))
                message = style.dim("skipped ") + style.name(f.displayName)
                index += 1; view = .diff
            case .character("t"), .right, .character("l"):
                view = View.allCases[(View.allCases.firstIndex(of: view)! + 1) % View.allCases.count]
            case .left, .character("h"):
                view = View.allCases[(View.allCases.firstIndex(of: view)! + View.allCases.count - 1) % View.allCases.count]
            case .character("q"), .escape, .interrupt, .end:
                quitAt = index
                break walk
            default:
                message = style.dim("keys: a accept · r reject · s skip · t view · q quit")
            }
        }
        terminal.close()
        print(summary(decisions, quitAt: quitAt, style: style), terminator: "")
        for e in scan.errors { printError("review: \(e.message)") }
        return scan.errors.isEmpty && failedActions == 0 ? 0 : 2
    }

    // MARK: - Drawing

    /// The whole screen for one failure, fitted to the terminal's size.
    func screen(_ f: PendingFailure, index: Int, view: View, message: String?, reference: ReferenceCheck) -> [String] {
        let style = terminal.style
        let (columns, rows) = terminal.size
        var top: [String] = []
        top.append(style.name("labelsnap review") + "  " + style.numbers("\(index + 1) of \(scan.failures.count)") + "   "
                   + style.name(f.displayName) + "  " + style.bad(FailureText.kind(f.record.kind)))
        top += formatRows(reviewRows(f, reference: reference).filter { $0.label != "accept" }, style: style)
            .split(separator: "\n").map(String.init)
        if reference.changed {
            top.append(style.warn("  the reference changed after this failure was recorded; the preview shows the compared one, accept refuses"))
        }
        let tabs = View.allCases.map { v in v == view ? "\u{1B}[7m \(v.rawValue) \u{1B}[0m" : " \(v.rawValue) " }
        top.append("")
        top.append((style.enabled ? tabs.joined(separator: " ") : View.allCases.map { $0 == view ? "[\($0.rawValue)]" : $0.rawValue }.joined(separator: "  "))
                   + style.dim("   t / ← → switch"))
        var bottom = [""]
        if let message { bottom.append(message) }
        let accept = f.canAccept ? style.ok("a") + " accept" : style.dim("a accept (no actual file)")
        bottom.append(accept + "   " + style.warn("r") + " reject   " + style.name("s") + " skip   "
                      + style.name("t") + " reference/actual/diff   " + style.name("q") + " quit")
        let used = (top + bottom).reduce(0) { $0 + max(1, (visibleWidth($1) + columns - 1) / max(columns, 1)) }
        let available = max(1, rows - used - 1)
        return top + preview(f, view: view, reference: reference, columns: columns, rows: available) + bottom
    }

    /// The file a view shows: the copy of the compared reference when the record has one.
    func path(of view: View, _ f: PendingFailure, reference: ReferenceCheck) -> String? {
        switch view {
        case .diff: return f.diffPath
        case .actual: return f.actualPath
        case .reference: return f.comparedReferencePath ?? reference.path
        }
    }

    func preview(_ f: PendingFailure, view: View, reference: ReferenceCheck, columns: Int, rows: Int) -> [String] {
        let style = terminal.style
        guard let path = path(of: view, f, reference: reference) else { return [style.dim("  no \(view.rawValue) file for this failure")] }
        guard let bytes = try? SnapshotFileSystem.readIfPresent(path) else {
            return [style.dim("  no \(view.rawValue) file at ") + style.path(path)]
        }
        if f.isText { return textPreview(bytes, view: view, columns: columns, rows: rows) }
        // The size from IHDR first: decoding a 16000×16000 px file (a few hundred KB of zeros) would hold the
        // screen for tens of seconds and a gigabyte for a preview of 80 columns.
        guard let header = try? PNGCodec.header(of: bytes) else { return [style.bad("  not a readable PNG: ") + style.path(path)] }
        let size = style.numbers("\(header.width)×\(header.height) px")
        guard header.width * header.height <= TerminalImage.maximumPixelCount else {
            return ["  \(view.rawValue) is " + size + ": too large to preview here; open " + style.path(path)]
        }
        guard let bitmap = try? PNGCodec.decode(bytes, maximumPixelCount: TerminalImage.maximumPixelCount) else {
            return [style.bad("  not a readable PNG: ") + style.path(path)]
        }
        let caption = "  \(view.rawValue): " + size + "  " + style.path(path)
        guard terminal.truecolor else {
            return [caption, style.dim("  (no preview: this terminal does not announce 24-bit colour; set COLORTERM=truecolor, or open the file)")]
        }
        let image = TerminalImage.lines(bitmap, columns: columns, rows: rows - 1)
        return [caption + style.dim(", shown \(image.scale)")] + image.lines
    }

    /// Text snapshots: the line diff coloured (`-` reference, `+` actual), or the file itself.
    func textPreview(_ bytes: [UInt8], view: View, columns: Int, rows: Int) -> [String] {
        let style = terminal.style
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let shown = lines.prefix(max(1, rows - 1)).map { line -> String in
            let cut = line.count > columns - 2 ? String(line.prefix(max(1, columns - 3))) + "…" : line
            guard view == .diff else { return "  " + cut }
            if line.hasPrefix("+++") || line.hasPrefix("---") { return "  " + style.dim(cut) }
            if line.hasPrefix("- ") { return "  " + style.bad(cut) }
            if line.hasPrefix("+ ") { return "  " + style.ok(cut) }
            return "  " + style.dim(cut)
        }
        return shown + (lines.count > shown.count ? [style.dim("  … \(lines.count - shown.count) more lines")] : [])
    }

    func visibleWidth(_ s: String) -> Int {
        s.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression).count
    }

    // MARK: - Summary

    func summary(_ decisions: [(PendingFailure, Decision)], quitAt: Int?, style: TerminalStyle) -> String {
        let n = scan.failures.count
        if n == 0 { return "No pending snapshot failures in \(style.path(foldersText(scan.roots)))\n" }
        var accepted = 0, rejected = 0, skipped = 0
        var out = ""
        for (f, d) in decisions {
            switch d {
            case .accepted(let text): accepted += 1; out += text
            case .rejected(let text): rejected += 1; out += text
            case .skipped: skipped += 1; out += style.dim("skipped") + " \(style.name(f.displayName))\n"
            }
        }
        let left = n - decisions.count
        var head = "Reviewed " + style.numbers("\(decisions.count) of \(n)") + " pending snapshot failure\(n == 1 ? "" : "s"): "
        head += style.ok("\(accepted) accepted") + ", " + style.warn("\(rejected) rejected") + ", \(skipped) skipped"
        if quitAt != nil && left > 0 { head += ", \(left) not reached (quit)" }
        out = head + "\n" + out
        if skipped + left > 0 {
            out += "Still pending: " + style.numbers("\(skipped + left)") + " — " + style.command(shownCommand("labelsnap review" + artifactsArguments(scan.roots))) + "\n"
        }
        return out
    }
}
