import Foundation
import Typesetting

/// The sweep's result as text (the CLI's output and `assertLabelsFit`'s failure message) and as JSON.
package enum SweepReport {
    /// "needs 3 lines, 2 allowed".
    static func lines(_ f: FitFailure) -> String {
        "needs \(f.atLeast ? "at least " : "")\(f.lines) line\(f.lines == 1 ? "" : "s"), \(f.maxLines) allowed"
    }

    /// "word broken in the middle: "Donaudampfschifffahrtsgesellschaftskapitän" (wider than the line)", "" when none is.
    package static func brokenWords(_ f: FitFailure, marks: Marks = .plain) -> String {
        guard !f.brokenWords.isEmpty else { return "" }
        let words = f.brokenWords.prefix(3).map { quoted($0, limit: 64) }.joined(separator: ", ")
            + (f.brokenWords.count > 3 ? " and \(f.brokenWords.count - 3) more" : "")
        return marks.bad("word\(f.brokenWords.count == 1 ? "" : "s") broken in the middle: \(words)")
            + marks.secondary(" (wider than the line: wrapped between letters)")
    }

    /// Characters of a string's text (and of what it lost) the text report shows: a 10 KB translation filled the
    /// terminal. Longer ones are cut with "…" and their length, so a failure's lines stay under 160 columns whatever the text's length; JSON keeps them whole.
    package static let maximumTextCharacters = 96, maximumLostCharacters = 40

    /// `"text"`, or `"first limit characters…" (N characters)` for a longer text (grapheme clusters, never split).
    static func quoted(_ text: String, limit: Int) -> String {
        guard let cut = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex), cut < text.endIndex else {
            return "\"\(text)\""
        }
        return "\"\(text[..<cut])…\" (\(text.count) characters)"
    }

    /// "1 does not fit", "3 do not fit".
    static func doNotFit(_ n: Int) -> String { "\(n) do\(n == 1 ? "es" : "") not fit" }

    /// A number with at most 2 decimals ("31.25", "4").
    package static func points(_ v: Double) -> String {
        var s = String(format: "%.2f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    /// How `text` marks its parts: `.plain` (test failure messages, files) leaves the text as it is; the CLI
    /// passes terminal colours. Each function gets one part and returns it marked; removing the marks must
    /// give the plain text back.
    package struct Marks: Sendable {
        package var ok: @Sendable (String) -> String        // "All 52 strings fit."
        package var bad: @Sendable (String) -> String       // the headline of failures, what was lost
        package var name: @Sendable (String) -> String      // locale and key
        package var secondary: @Sendable (String) -> String // the whole text, the state, the table's header
        package var numbers: @Sendable (String) -> String   // a part whose numbers stand out
        package init(ok: @escaping @Sendable (String) -> String, bad: @escaping @Sendable (String) -> String,
                    name: @escaping @Sendable (String) -> String, secondary: @escaping @Sendable (String) -> String,
                    numbers: @escaping @Sendable (String) -> String) {
            self.ok = ok; self.bad = bad; self.name = name; self.secondary = secondary; self.numbers = numbers
        }
        package static let plain = Marks(ok: { $0 }, bad: { $0 }, name: { $0 }, secondary: { $0 }, numbers: { $0 })
    }

    /// One line per failure: locale, key [variant], lines of allowed, overflow, lost characters, state; for a string
    /// that fits but draws boxes, the code points no font covers instead of the numbers.
    package static func failureLine(_ f: FitFailure, marks: Marks = .plain) -> String {
        let variant = f.variant.isEmpty ? "" : " [\(f.variant)]"
        let state = marks.secondary(" — \(f.state?.rawValue ?? "no state")")
        guard f.truncation != nil else {
            let parts = [coverage(f, marks: marks), brokenWords(f, marks: marks)].filter { !$0.isEmpty }
            return marks.name("\(f.locale)  \(f.key)\(variant)") + ": " + parts.joined(separator: "; ") + state
        }
        let overflow = "+\(f.atLeast ? "at least " : "")\(points(f.overflow)) pt \(f.overflowAxis == .width ? "wide" : "tall")"
        let lost = f.lost.isEmpty ? "clipped" : "lost " + quoted(f.lost, limit: maximumLostCharacters)
        return marks.name("\(f.locale)  \(f.key)\(variant)") + marks.numbers(": \(lines(f)), \(overflow), ")
            + marks.bad(lost) + state
    }

    /// Code points a report line names at most; more are counted ("and 12 more").
    package static let maximumScalarsNamed = 8

    /// "not covered by any font: U+0E01 THAI CHARACTER KO KAI, … (tried DejaVuSans.ttf, …)", "" when all are covered.
    package static func coverage(_ f: FitFailure, marks: Marks = .plain) -> String {
        guard !f.uncovered.isEmpty else { return "" }
        let named = f.uncovered.prefix(maximumScalarsNamed).map(scalarName).joined(separator: ", ")
        let more = f.uncovered.count > maximumScalarsNamed ? " and \(f.uncovered.count - maximumScalarsNamed) more" : ""
        return marks.bad("not covered by any font: \(named)\(more)") + marks.secondary(" (tried \(f.fontsTried.joined(separator: ", ")))")
    }

    /// "U+0E01 THAI CHARACTER KO KAI": the code point and its Unicode name (`unicodeName`).
    package static func scalarName(_ s: Unicode.Scalar) -> String { String(format: "U+%04X ", s.value) + unicodeName(s) }

    /// The Unicode name (or its alias), else what the code point is: "(private use)", "(unassigned)" …
    package static func unicodeName(_ s: Unicode.Scalar) -> String {
        if let name = s.properties.name ?? s.properties.nameAlias { return name }
        switch s.properties.generalCategory {
        case .privateUse: return "(private use)"
        case .unassigned: return "(unassigned)"
        case .control: return "(control)"
        default: return "(no name)"
        }
    }

    /// What to do about the code points no font covers: a headline, then the code points grouped by the installed
    /// fonts that cover them (fontconfig), to add to the chain, or "no installed font". Empty when every string is covered.
    package static func coverageAdvice(_ failures: [FitFailure], marks: Marks = .plain) -> [String] {
        let strings = failures.filter { !$0.uncovered.isEmpty }
        guard !strings.isEmpty else { return [] }
        let scalars = FitCheck.distinct(strings.flatMap(\.uncovered))
        var out = [marks.bad("\(strings.count) string\(strings.count == 1 ? "" : "s") not covered by any font")
            + " (drawn as .notdef boxes, \(scalars.count) code point\(scalars.count == 1 ? "" : "s")): add a font that covers "
            + "them to the label's font chain (the style's \"fallbacks\", Font(…, fallbacks:)), or install one "
            + "(Debian: fonts-noto-core covers most scripts; fc-list :charset=\(String(format: "%04x", scalars[0].value)) lists the fonts that do)"]
        // One line per set of installed fonts, in the order the code points first appear.
        var groups: [(fonts: [String], scalars: [Unicode.Scalar])] = []
        for s in scalars {
            let fonts = FitCheck.fontNames(FontFile.installedFonts(covering: s))
            if let i = groups.firstIndex(where: { $0.fonts == fonts }) { groups[i].scalars.append(s) } else { groups.append((fonts, [s])) }
        }
        for g in groups {
            let named = g.scalars.prefix(maximumScalarsNamed).map { String(format: "U+%04X", $0.value) }.joined(separator: " ")
                + (g.scalars.count > maximumScalarsNamed ? " and \(g.scalars.count - maximumScalarsNamed) more" : "")
            let fonts = g.fonts.isEmpty ? "no installed font covers them"
                : "installed in " + g.fonts.prefix(3).joined(separator: ", ") + (g.fonts.count > 3 ? " and \(g.fonts.count - 3) more" : "")
            out.append("  " + marks.name(named) + ": " + fonts)
        }
        return out
    }

    /// The failures, then a table per locale.
    package static func text(_ result: Sweep.Result, marks: Marks = .plain) -> String {
        var out: [String] = []
        let failedLocales = result.summaries.filter { $0.failed > 0 }.count
        let uncovered = result.failures.filter { !$0.uncovered.isEmpty }.count
        let truncated = result.failures.count - result.failures.filter { $0.truncation == nil }.count
        let broken = result.failures.filter { !$0.brokenWords.isEmpty }.count
        let locales = "(\(failedLocales) of \(result.summaries.count) locales)"
        let kinds = [uncovered == 0 ? nil : "\(uncovered) not covered by any font",
                     broken == 0 ? nil : "\(broken) with a word broken in the middle"].compactMap { $0 }
        out.append(result.failures.isEmpty
            ? (result.pluralGaps.isEmpty ? marks.ok("All \(result.checked) strings fit.")
               : marks.ok("All \(result.checked) strings fit") + marks.bad(", but plural categories are missing:"))
            : kinds.isEmpty
            ? marks.bad("\(result.failures.count) of \(result.checked) strings do not fit \(locales):")
            : marks.bad("\(result.failures.count) of \(result.checked) strings fail \(locales): \(([doNotFit(truncated)] + kinds).joined(separator: ", ")):"))
        for f in result.failures {
            out.append("  " + failureLine(f, marks: marks))
            if f.truncation != nil, !f.uncovered.isEmpty { out.append("      " + coverage(f, marks: marks)) }
            if f.truncation != nil, !f.brokenWords.isEmpty { out.append("      " + brokenWords(f, marks: marks)) }
            out.append("      " + marks.secondary(quoted(f.text, limit: maximumTextCharacters)))
        }
        if !result.pluralGaps.isEmpty {
            out.append("")
            out += pluralGaps(result.pluralGaps, marks: marks)
        }
        let advice = coverageAdvice(result.failures, marks: marks)
        if !advice.isEmpty { out.append(""); out += advice }
        out.append("")
        out.append(summaryTable(result.summaries, marks: marks))
        return out.joined(separator: "\n")
    }

    /// "2 plural strings lack categories their locale uses (CLDR plural rules, from ICU):", then one line each:
    /// "  ar  items.count: has one, other; needs zero, two, few, many too (Localizable.xcstrings:12)".
    package static func pluralGaps(_ gaps: [PluralGap], marks: Marks = .plain) -> [String] {
        guard !gaps.isEmpty else { return [] }
        var out = [marks.bad("\(gaps.count) plural string\(gaps.count == 1 ? " lacks" : "s lack") categories its locale uses")
            + marks.secondary(" (CLDR plural rules, from ICU): the missing numbers show the \"other\" text; add the variants")]
        for g in gaps {
            let which = g.argument == "plural" ? "" : " [\(g.argument)]"
            out.append("  " + marks.name("\(g.locale)  \(g.key)\(which)") + ": has \(g.present.joined(separator: ", ")); "
                + marks.bad("needs \(g.missing.joined(separator: ", ")) too") + marks.secondary(" (\(g.file):\(g.line))"))
        }
        return out
    }

    /// locale | strings | do not fit | not covered | words broken | untranslated | widest overflow.
    package static func summaryTable(_ summaries: [Sweep.LocaleSummary], marks: Marks = .plain) -> String {
        let header = ["locale", "strings", "do not fit", "not covered", "words broken", "untranslated", "widest overflow"]
        let rows = summaries.map {
            [$0.locale, String($0.checked), String($0.truncated), String($0.uncovered), String($0.wordBroken), String($0.missing),
             $0.worstOverflow > 0 ? "\(points($0.worstOverflow)) pt" : "-"]
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

    /// sweep.json's text: ``SweepReportDocument`` of `result` (its keys: `checked`, `fits`, `failures` — key,
    /// locale, variant, text, kinds, broken_words, at_least, lines, maxLines, overflow_pt, overflow_axis, lost, state,
    /// truncation, uncovered, fonts_tried, file, line —, `locales` with the contact sheets in `sheets`).
    /// With `audit` (`sweep --audit`), its rows under `audit`.
    package static func json(_ result: Sweep.Result, sheets: [String: String] = [:], audit: [AuditSweep.Row] = []) -> String {
        var document = SweepReportDocument(result, sheets: sheets)
        document.audit = audit
        // Encoding strings, numbers and arrays of them cannot fail.
        return String(decoding: (try? document.encoded()) ?? [], as: UTF8.self)
    }
}
