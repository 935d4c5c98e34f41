import CICU
import Foundation
import Support

/// A string with plural variants that lacks categories its locale's CLDR rules use: Arabic needs zero, one,
/// two, few, many and other, so a catalog with only one/other shows the "other" text for 0, 2, 3 … 10 and 11 …
/// 99 (each its own form in Arabic). The categories come from ICU's plural rules (`uplrules_getKeywords`).
package struct PluralGap: Sendable, Hashable {
    package var key: String
    package var locale: String
    /// Which plural: "plural" for a string's own plural variations, else the substitution or `.stringsdict`
    /// variable name ("files").
    package var argument: String
    /// The categories the catalog has and the ones the locale uses that it lacks, in CLDR order.
    package var present: [String]
    package var missing: [String]
    package var file: String
    package var line: Int
}

extension PluralSamples {
    /// CLDR's order of the categories.
    package static let order = ["zero", "one", "two", "few", "many", "other"]

    private static let keywordCache = Locked<[String: [String]]>([:])

    /// The plural categories `locale` uses, from ICU's rules, in CLDR order (["one", "other"] for "en"; ["zero",
    /// "one", "two", "few", "many", "other"] for "ar"); empty when ICU has no rules for it.
    package static func categories(locale: String) -> [String] {
        keywordCache.withLock { cache in
            if let hit = cache[locale] { return hit }
            var buffer = [CChar](repeating: 0, count: 64)
            let length = lsicu_plural_keywords(locale.replacingOccurrences(of: "_", with: "-"), &buffer, 64)
            let words = length > 0 ? String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .split(separator: " ").map(String.init) : []
            let sorted = order.filter(words.contains)
            cache[locale] = sorted
            return sorted
        }
    }

    /// The plural gaps of `strings`: per key, locale and plural (the rest of the variant held equal, as a device
    /// variant), the categories the locale uses that no variant has. One gap per key, locale, plural and
    /// missing set, in the order of `strings`. "zero" a catalog adds where the rules have none is not a gap.
    package static func gaps(in strings: [LocalizedString]) -> [PluralGap] {
        struct Group { var present: Set<String>; var first: LocalizedString }
        var groups: [String: Group] = [:]
        var ids: [(String, String)] = []   // (group id, argument)
        for s in strings where !s.variant.isEmpty {
            let parts = s.variant.split(separator: ",").map(String.init)
            for (i, part) in parts.enumerated() {
                let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2, categories.contains(pair[1]) else { continue }
                let rest = parts.enumerated().filter { $0.offset != i }.map(\.element).joined(separator: ",")
                let id = [s.key, s.locale, pair[0], rest].joined(separator: "\u{1F}")
                if groups[id] == nil { groups[id] = Group(present: [], first: s); ids.append((id, pair[0])) }
                groups[id]?.present.insert(pair[1])
            }
        }
        var seen = Set<PluralGap>()
        var out: [PluralGap] = []
        for (id, argument) in ids {
            guard let g = groups[id] else { continue }
            let needed = categories(locale: g.first.locale)
            let missing = needed.filter { !g.present.contains($0) }
            guard !missing.isEmpty else { continue }
            let gap = PluralGap(key: g.first.key, locale: g.first.locale, argument: argument,
                                present: Self.order.filter(g.present.contains), missing: missing, file: g.first.file, line: g.first.line)
            var unique = gap
            unique.present = []; unique.file = ""; unique.line = 0
            if seen.insert(unique).inserted { out.append(gap) }
        }
        return out
    }
}
