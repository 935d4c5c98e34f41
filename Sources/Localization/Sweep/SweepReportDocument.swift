import Foundation

/// What `localization/sweep.json` holds: one type, written by `labelsnap sweep` (`SweepReport.json`) and read
/// by `labelsnap report`, so the two cannot drift apart. Keys are snake_case on disk (`overflow_pt`,
/// `broken_words` …) except `maxLines`, as the file has always been; lengths are points, rounded to 2 decimals.
/// Reading is lenient about keys that files written before a field existed lack (`kinds`, `uncovered`,
/// `fonts_tried`, `broken_words`, `at_least`; a locale's `truncated`, `uncovered`, `word_broken`): they read as
/// empty, false, or nil (a locale's `failed` then counts strings that do not fit).
package struct SweepReportDocument: Codable, Sendable, Equatable {
    /// Strings laid out in all.
    package var checked: Int
    package var fits: Bool
    /// Failures in locale order, then in the catalog's key order.
    package var failures: [Failure]
    /// One summary per locale swept, in the order swept.
    package var locales: [LocaleSummary]
    /// Plural strings lacking categories their locale uses (empty in files from before the check).
    package var pluralGaps: [PluralGapEntry]
    /// The accessibility audit of every string (`sweep --audit`); empty when it was not asked for.
    package var audit: [AuditSweep.Row] = []

    /// `{"key", "locale", "argument", "present", "missing", "file", "line"}`: see `PluralGap`.
    package struct PluralGapEntry: Codable, Sendable, Equatable {
        package var key: String
        package var locale: String
        package var argument: String
        package var present: [String]
        package var missing: [String]
        package var file: String
        package var line: Int
    }

    enum CodingKeys: String, CodingKey { case checked, fits, failures, locales, audit, pluralGaps = "plural_gaps" }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        checked = try c.decode(Int.self, forKey: .checked)
        fits = try c.decode(Bool.self, forKey: .fits)
        failures = try c.decode([Failure].self, forKey: .failures)
        locales = try c.decode([LocaleSummary].self, forKey: .locales)
        pluralGaps = try c.decodeIfPresent([PluralGapEntry].self, forKey: .pluralGaps) ?? []
        audit = try c.decodeIfPresent([AuditSweep.Row].self, forKey: .audit) ?? []
    }

    /// One string that does not fit, is not covered by any font, or has a word broken in the middle.
    package struct Failure: Codable, Sendable, Equatable {
        package var key: String
        package var locale: String
        /// The plural or device variant ("plural.one"), "" for the plain string.
        package var variant: String
        package var text: String
        package var lines: Int
        package var maxLines: Int
        /// How far the text overflows, pt (0 when the whole text is shown).
        package var overflowPt: Double
        /// "width" or "height".
        package var overflowAxis: String
        /// The characters not shown ("" when clipped or fully shown).
        package var lost: String
        /// The catalog's translation state ("translated", "needs_review" …), nil when the catalog has none.
        package var state: String?
        /// The label's truncation ("byTruncatingTail" …), nil when the whole text is shown.
        package var truncation: String?
        /// "does_not_fit", "not_covered", "word_broken".
        package var kinds: [String]
        package var uncovered: [CodePoint]
        /// File names of the fonts of the chain tried for the uncovered code points.
        package var fontsTried: [String]
        package var brokenWords: [String]
        /// `lines` and `overflowPt` are lower bounds (the layout stopped early on a very long text).
        package var atLeast: Bool
        /// The catalog file and the line of the key.
        package var file: String
        package var line: Int

        enum CodingKeys: String, CodingKey {
            case key, locale, variant, text, lines, maxLines, lost, state, truncation, kinds, uncovered, file, line
            case overflowPt = "overflow_pt", overflowAxis = "overflow_axis", fontsTried = "fonts_tried"
            case brokenWords = "broken_words", atLeast = "at_least"
        }

        package init(key: String, locale: String, variant: String, text: String, lines: Int, maxLines: Int, overflowPt: Double,
                     overflowAxis: String, lost: String, state: String?, truncation: String?, kinds: [String], uncovered: [CodePoint],
                     fontsTried: [String], brokenWords: [String], atLeast: Bool, file: String, line: Int) {
            self.key = key; self.locale = locale; self.variant = variant; self.text = text; self.lines = lines
            self.maxLines = maxLines; self.overflowPt = overflowPt; self.overflowAxis = overflowAxis; self.lost = lost
            self.state = state; self.truncation = truncation; self.kinds = kinds; self.uncovered = uncovered
            self.fontsTried = fontsTried; self.brokenWords = brokenWords; self.atLeast = atLeast; self.file = file; self.line = line
        }

        package init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            key = try c.decode(String.self, forKey: .key)
            locale = try c.decode(String.self, forKey: .locale)
            variant = try c.decodeIfPresent(String.self, forKey: .variant) ?? ""
            text = try c.decode(String.self, forKey: .text)
            lines = try c.decode(Int.self, forKey: .lines)
            maxLines = try c.decode(Int.self, forKey: .maxLines)
            overflowPt = try c.decode(Double.self, forKey: .overflowPt)
            overflowAxis = try c.decode(String.self, forKey: .overflowAxis)
            lost = try c.decodeIfPresent(String.self, forKey: .lost) ?? ""
            state = try c.decodeIfPresent(String.self, forKey: .state)
            truncation = try c.decodeIfPresent(String.self, forKey: .truncation)
            kinds = try c.decodeIfPresent([String].self, forKey: .kinds) ?? []
            uncovered = try c.decodeIfPresent([CodePoint].self, forKey: .uncovered) ?? []
            fontsTried = try c.decodeIfPresent([String].self, forKey: .fontsTried) ?? []
            brokenWords = try c.decodeIfPresent([String].self, forKey: .brokenWords) ?? []
            atLeast = try c.decodeIfPresent(Bool.self, forKey: .atLeast) ?? false
            file = try c.decodeIfPresent(String.self, forKey: .file) ?? ""
            line = try c.decodeIfPresent(Int.self, forKey: .line) ?? 0
        }

        /// `state` and `truncation` are written as `null` when absent (never left out), as the file has always had them.
        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(key, forKey: .key); try c.encode(locale, forKey: .locale); try c.encode(variant, forKey: .variant)
            try c.encode(text, forKey: .text); try c.encode(lines, forKey: .lines); try c.encode(maxLines, forKey: .maxLines)
            try c.encode(overflowPt, forKey: .overflowPt); try c.encode(overflowAxis, forKey: .overflowAxis)
            try c.encode(lost, forKey: .lost); try c.encode(state, forKey: .state); try c.encode(truncation, forKey: .truncation)
            try c.encode(kinds, forKey: .kinds); try c.encode(uncovered, forKey: .uncovered)
            try c.encode(fontsTried, forKey: .fontsTried); try c.encode(brokenWords, forKey: .brokenWords)
            try c.encode(atLeast, forKey: .atLeast); try c.encode(file, forKey: .file); try c.encode(line, forKey: .line)
        }
    }

    /// A code point no font covers: `{"code_point": "U+0E01", "name": "THAI CHARACTER KO KAI"}`.
    package struct CodePoint: Codable, Sendable, Equatable {
        package var codePoint: String
        package var name: String
        enum CodingKeys: String, CodingKey { case codePoint = "code_point", name }
        package init(codePoint: String, name: String) { self.codePoint = codePoint; self.name = name }
    }

    /// One locale's counts.
    package struct LocaleSummary: Codable, Sendable, Equatable {
        package var locale: String
        package var checked: Int
        /// Strings that fail for any reason.
        package var failed: Int
        /// Strings that do not fit; nil in files written before "not covered" (then `failed` counts them).
        package var truncated: Int?
        package var uncovered: Int?
        package var wordBroken: Int?
        /// Strings without a translation in this locale.
        package var missing: Int
        /// Largest width overflow among the failures, pt; 0 when none overflows its width.
        package var widestOverflowPt: Double
        /// The locale's contact sheet (a PNG beside sweep.json), nil when none was drawn.
        package var contactSheet: String?

        enum CodingKeys: String, CodingKey {
            case locale, checked, failed, truncated, uncovered, missing
            case wordBroken = "word_broken", widestOverflowPt = "widest_overflow_pt", contactSheet = "contact_sheet"
        }
    }

    package init(checked: Int, fits: Bool, failures: [Failure], locales: [LocaleSummary], pluralGaps: [PluralGapEntry] = []) {
        self.checked = checked; self.fits = fits; self.failures = failures; self.locales = locales; self.pluralGaps = pluralGaps
    }

    /// The document of a sweep's result; `sheets` maps a locale to its contact sheet's path.
    package init(_ result: Sweep.Result, sheets: [String: String] = [:]) {
        func rounded(_ v: Double) -> Double { (v * 100).rounded() / 100 }
        checked = result.checked
        fits = result.fits
        failures = result.failures.map { f in
            Failure(key: f.key, locale: f.locale, variant: f.variant, text: f.text, lines: f.lines, maxLines: f.maxLines,
                    overflowPt: rounded(f.overflow), overflowAxis: f.overflowAxis.rawValue, lost: f.lost, state: f.state?.rawValue,
                    truncation: f.truncation?.rawValue, kinds: f.kinds.map(\.rawValue),
                    uncovered: f.uncovered.map { CodePoint(codePoint: String(format: "U+%04X", $0.value), name: SweepReport.unicodeName($0)) },
                    fontsTried: f.fontsTried, brokenWords: f.brokenWords, atLeast: f.atLeast, file: f.file, line: f.line)
        }
        locales = result.summaries.map { s in
            LocaleSummary(locale: s.locale, checked: s.checked, failed: s.failed, truncated: s.truncated, uncovered: s.uncovered,
                          wordBroken: s.wordBroken, missing: s.missing, widestOverflowPt: rounded(s.worstOverflow),
                          contactSheet: sheets[s.locale])
        }
        pluralGaps = result.pluralGaps.map {
            PluralGapEntry(key: $0.key, locale: $0.locale, argument: $0.argument, present: $0.present, missing: $0.missing,
                           file: $0.file, line: $0.line)
        }
    }

    /// The JSON text, UTF-8, laid out as the file has always been: the envelope on its own lines and one line per
    /// failure and per locale (so a diff of two sweeps shows the strings that changed), keys sorted.
    package func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func lines<T: Encodable>(_ items: [T]) throws -> String {
            items.isEmpty ? "[]" : "[\n" + (try items.map { "    " + String(decoding: try encoder.encode($0), as: UTF8.self) })
                .joined(separator: ",\n") + "\n  ]"
        }
        // plural_gaps and audit only when there are some: a sweep without them writes the file as before.
        let text = "{\n  \"checked\": \(checked),\n  \"fits\": \(fits),\n  \"failures\": \(try lines(failures)),\n"
            + "  \"locales\": \(try lines(locales))" + (pluralGaps.isEmpty ? "" : ",\n  \"plural_gaps\": \(try lines(pluralGaps))")
            + (audit.isEmpty ? "" : ",\n  \"audit\": \(try lines(audit))") + "\n}"
        return Array(text.utf8)
    }

    /// Reads a sweep.json. - Throws: `DecodingError` when it is not one (the report says the file is not readable).
    package static func decode(_ bytes: [UInt8]) throws -> SweepReportDocument {
        try JSONDecoder().decode(SweepReportDocument.self, from: Data(bytes))
    }
}
