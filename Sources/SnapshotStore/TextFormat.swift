/// Errors of the text format.
public enum TextSnapshotError: Error, CustomStringConvertible, Equatable {
    /// The reference file is not valid UTF-8; `offset` is the first bad byte.
    case invalidUTF8(offset: Int)

    public var description: String {
        switch self {
        case .invalidUTF8(let offset): return "not valid UTF-8 text (first bad byte at offset \(offset))"
        }
    }
}

extension SnapshotFormat where Value == String {
    /// Text stored as UTF-8 (`.txt` unless told otherwise), compared exactly and reported as a
    /// line diff (`-` reference, `+` actual) with counts. For a `.layout` strategy later.
    public static var text: SnapshotFormat<String> { text(pathExtension: "txt") }

    /// Text stored as UTF-8 with the given extension.
    public static func text(pathExtension: String) -> SnapshotFormat<String> {
        SnapshotFormat(
            pathExtension: pathExtension,
            encode: { Array($0.utf8) },
            decode: { bytes in
                if let text = String(validating: bytes, as: UTF8.self) { return text }
                var offset = 0
                var it = bytes.makeIterator()
                var decoder = UTF8()
                var consumed = 0
                loop: while true {
                    switch decoder.decode(&it) {
                    case .scalarValue(let s): consumed += UTF8.width(s); offset = consumed
                    case .emptyInput: break loop
                    case .error: break loop
                    }
                }
                throw TextSnapshotError.invalidUTF8(offset: offset)
            },
            compare: { reference, actual in
                reference == actual ? nil : TextDiff.mismatch(reference: reference, actual: actual)
            },
            describe: { text in
                let lines = TextDiff.lines(text).count
                return "\(lines) line\(lines == 1 ? "" : "s"), \(text.utf8.count) bytes"
            },
            tolerance: "exact")
    }
}

/// A line diff (longest common subsequence) for text snapshots.
enum TextDiff {
    /// The lines of `text`; a final newline ends the last line rather than starting an empty one.
    /// LF and CR LF both end a line (in Swift "\r\n" is one Character, so splitting on "\n" alone kept
    /// a CR LF file as one line); which one a text uses is reported by `lineEndingNote`.
    static func lines(_ text: String) -> [Substring] {
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if text.last == "\n" || text.last == "\r\n" || text.isEmpty { lines.removeLast() }
        return lines
    }

    /// Why two texts with the same lines differ: their line endings or their final newline.
    static func lineEndingNote(reference: String, actual: String) -> String {
        func usesCRLF(_ text: String) -> Bool { text.contains("\r\n") }
        func endsWithNewline(_ text: String) -> Bool { text.last == "\n" || text.last == "\r\n" }
        if usesCRLF(reference) != usesCRLF(actual) {
            let (crlf, lf) = usesCRLF(reference) ? ("reference", "actual") : ("actual", "reference")
            return "the lines are the same; the \(crlf) ends them with CR LF, the \(lf) with LF (a checkout with core.autocrlf "
                + "or an editor converted it: mark references as binary in .gitattributes, `__Snapshots__/** -text`)"
        }
        if endsWithNewline(reference) != endsWithNewline(actual) {
            return "the lines are the same; the \(endsWithNewline(reference) ? "actual" : "reference") lacks the final newline"
        }
        return "the lines are the same; the texts differ in their line separators"
    }

    /// Lines prefixed `  ` (same), `- ` (reference only), `+ ` (actual only).
    static func diff(_ a: [Substring], _ b: [Substring]) -> [String] {
        // Trim the common head and tail, then LCS on the middle (bounded to keep it cheap).
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let ma = Array(a[head..<(a.count - tail)]), mb = Array(b[head..<(b.count - tail)])
        var out: [String] = a[..<head].map { "  " + $0 }
        if ma.count * mb.count > 4_000_000 {
            out += ma.map { "- " + $0 } + mb.map { "+ " + $0 }
        } else {
            let n = ma.count, m = mb.count
            var table = [Int](repeating: 0, count: (n + 1) * (m + 1))
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i * (m + 1) + j] = ma[i] == mb[j] ? table[(i + 1) * (m + 1) + j + 1] + 1
                        : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, ma[i] == mb[j] { out.append("  " + ma[i]); i += 1; j += 1 }
                else if i < n, j == m || table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1] { out.append("- " + ma[i]); i += 1 }
                else { out.append("+ " + mb[j]); j += 1 }
            }
        }
        out += a[(a.count - tail)...].map { "  " + $0 }
        return out
    }

    /// The note for a UTF-8 byte order mark (U+FEFF, EF BB BF) that starts one text and not the other: an invisible
    /// character that made the first line differ, said as the CR LF note says line endings.
    static func byteOrderMarkNote(reference: String, actual: String) -> String? {
        let (inReference, inActual) = (reference.first == "\u{FEFF}", actual.first == "\u{FEFF}")
        guard inReference != inActual else { return nil }
        let (with, without) = inReference ? ("reference", "actual") : ("actual", "reference")
        return "the \(with) starts with a UTF-8 byte order mark (EF BB BF), which the \(without) lacks (an editor saved it "
            + "that way: save it as UTF-8 without BOM, or re-record)"
    }

    static func mismatch(reference fullReference: String, actual fullActual: String) -> SnapshotMismatch {
        // Lines are compared after a byte order mark only one text has, which the note names.
        let bom = byteOrderMarkNote(reference: fullReference, actual: fullActual)
        func strip(_ text: String) -> String { bom != nil && text.first == "\u{FEFF}" ? String(text.dropFirst()) : text }
        let reference = strip(fullReference), actual = strip(fullActual)
        let a = lines(reference), b = lines(actual)
        let d = diff(a, b)
        let removed = d.filter { $0.hasPrefix("- ") }.count
        let added = d.filter { $0.hasPrefix("+ ") }.count
        // Texts whose lines are all equal differ only in line endings: no line is named as the first difference,
        // and the diff artifact says why it marks no line (as diff's own "\ No newline at end of file").
        let first = d.firstIndex { !$0.hasPrefix("  ") }.map { $0 + 1 }
        let endings = removed + added == 0 && reference != actual ? lineEndingNote(reference: reference, actual: actual) : nil
        let note = [endings ?? (removed + added == 0 && bom != nil ? "the lines are the same" : nil), bom]
            .compactMap { $0 }.joined(separator: "; ").nonEmptyText
        let diffText = "--- reference\n+++ actual\n" + d.joined(separator: "\n") + "\n" + (note.map { "\\ " + $0 + "\n" } ?? "")
        // Show at most 20 changed lines in the message itself.
        let shown = d.filter { !$0.hasPrefix("  ") }.prefix(20)
        var summary = [
            "lines: reference \(a.count), actual \(b.count); \(removed) removed, \(added) added; "
                + (first.map { "first difference at line \($0)" } ?? "no line differs"),
        ]
        if let note { summary.append("  " + note) }
        summary += shown.map { "  " + $0 }
        if removed + added > shown.count { summary.append("  … \(removed + added - shown.count) more changed lines in the diff artifact") }
        var metrics: [String: SnapshotMetric] = ["referenceLines": .int(a.count), "actualLines": .int(b.count),
                                                 "removedLines": .int(removed), "addedLines": .int(added)]
        if let first { metrics["firstDifferenceLine"] = .int(first) }
        return SnapshotMismatch(
            summary: summary,
            metrics: metrics,
            attachments: [SnapshotAttachment(kind: "diff", pathExtension: "diff") { Array(diffText.utf8) }])
    }
}

extension String {
    /// nil for the empty string.
    fileprivate var nonEmptyText: String? { isEmpty ? nil : self }
}
