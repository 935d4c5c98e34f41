import Foundation
import StringResources

/// The sweep's result as text (the CLI's output and `assertLabelsFit`'s failure message) and as JSON.
public enum SweepReport {
    /// "needs 3 lines, 2 allowed".
    static func lines(_ f: FitFailure) -> String {
        "needs \(f.lines) line\(f.lines == 1 ? "" : "s"), \(f.maxLines) allowed"
    }

    /// A number with at most 2 decimals ("31.25", "4").
    public static func points(_ v: Double) -> String {
        var s = String(format: "%.2f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    /// How `text` marks its parts: `.plain` (test failure messages, files) leaves the text as it is; the CLI
    /// passes terminal colours. Each function gets one part and returns it marked; removing the marks must
    /// give the plain text back.
    public struct Marks: Sendable {
        public var ok: @Sendable (String) -> String        // "All 52 strings fit."
        public var bad: @Sendable (String) -> String       // the headline of failures, what was lost
        public var name: @Sendable (String) -> String      // locale and key
        public var secondary: @Sendable (String) -> String // the whole text, the state, the table's header
        public var numbers: @Sendable (String) -> String   // a part whose numbers stand out
        public init(ok: @escaping @Sendable (String) -> String, bad: @escaping @Sendable (String) -> String,
                    name: @escaping @Sendable (String) -> String, secondary: @escaping @Sendable (String) -> String,
                    numbers: @escaping @Sendable (String) -> String) {
            self.ok = ok; self.bad = bad; self.name = name; self.secondary = secondary; self.numbers = numbers
        }
        public static let plain = Marks(ok: { $0 }, bad: { $0 }, name: { $0 }, secondary: { $0 }, numbers: { $0 })
    }

    /// One line per failure: locale, key [variant], lines of allowed, overflow, lost characters, state.
    public static func failureLine(_ f: FitFailure, marks: Marks = .plain) -> String {
        let variant = f.variant.isEmpty ? "" : " [\(f.variant)]"
        let overflow = "+\(points(f.overflow)) pt \(f.overflowAxis == .width ? "wide" : "tall")"
        let lost = f.lost.isEmpty ? "clipped" : "lost \"\(f.lost)\""
        return marks.name("\(f.locale)  \(f.key)\(variant)") + marks.numbers(": \(lines(f)), \(overflow), ")
            + marks.bad(lost) + marks.secondary(" — \(f.state?.rawValue ?? "no state")")
    }

    /// The failures, then a table per locale.
    public static func text(_ result: LocalizationSweep.Result, marks: Marks = .plain) -> String {
        var out: [String] = []
        let failedLocales = result.summaries.filter { $0.failed > 0 }.count
        out.append(result.fits
            ? marks.ok("All \(result.checked) strings fit.")
            : marks.bad("\(result.failures.count) of \(result.checked) strings do not fit (\(failedLocales) of \(result.summaries.count) locales):"))
        for f in result.failures {
            out.append("  " + failureLine(f, marks: marks))
            out.append("      " + marks.secondary("\"\(f.text)\""))
        }
        out.append("")
        out.append(summaryTable(result.summaries, marks: marks))
        return out.joined(separator: "\n")
    }

    /// locale | strings | do not fit | untranslated | widest overflow.
    public static func summaryTable(_ summaries: [LocalizationSweep.LocaleSummary], marks: Marks = .plain) -> String {
        let header = ["locale", "strings", "do not fit", "untranslated", "widest overflow"]
        let rows = summaries.map {
            [$0.locale, String($0.checked), String($0.failed), String($0.missing), $0.worstOverflow > 0 ? "\(points($0.worstOverflow)) pt" : "-"]
        }
        let widths = header.indices.map { c in ([header] + rows).map { $0[c].count }.max() ?? 0 }
        func row(_ cells: [String]) -> String {
            cells.enumerated().map { c, s in
                c == 0 ? s.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                       : String(repeating: " ", count: widths[c] - s.count) + s
            }.joined(separator: "  ")
        }
        return ([marks.secondary(row(header))] + rows.map { marks.numbers(row($0)) }).joined(separator: "\n")
    }

    /// One JSON object: `checked`, `fits`, `failures` (key, locale, variant, text, lines, maxLines,
    /// overflow_pt, overflow_axis, lost, state, truncation, file, line), `locales` (the summaries).
    public static func json(_ result: LocalizationSweep.Result, sheets: [String: String] = [:]) -> String {
        var out = "{\n  \"checked\": \(result.checked),\n  \"fits\": \(result.fits),\n  \"failures\": ["
        out += result.failures.map { f in
            "\n    {\"key\": \(json(f.key)), \"locale\": \(json(f.locale)), \"variant\": \(json(f.variant)), "
            + "\"text\": \(json(f.text)), \"lines\": \(f.lines), \"maxLines\": \(f.maxLines), "
            + "\"overflow_pt\": \(points(f.overflow)), \"overflow_axis\": \"\(f.overflowAxis.rawValue)\", "
            + "\"lost\": \(json(f.lost)), \"state\": \(f.state.map { json($0.rawValue) } ?? "null"), "
            + "\"truncation\": \"\(f.truncation.rawValue)\", \"file\": \(json(f.file)), \"line\": \(f.line)}"
        }.joined(separator: ",")
        out += result.failures.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"locales\": ["
        out += result.summaries.map { s in
            "\n    {\"locale\": \(json(s.locale)), \"checked\": \(s.checked), \"failed\": \(s.failed), "
            + "\"missing\": \(s.missing), \"widest_overflow_pt\": \(points(s.worstOverflow))"
            + (sheets[s.locale].map { ", \"contact_sheet\": \(json($0))" } ?? "") + "}"
        }.joined(separator: ",")
        out += result.summaries.isEmpty ? "]\n}" : "\n  ]\n}"
        return out
    }

    /// A JSON string literal (Foundation's encoder: quotes, backslashes and control characters escaped).
    static func json(_ s: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? encoder.encode(s)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}
