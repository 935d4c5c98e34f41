import CICU
import Foundation
import Support

/// Locale tags checked against ICU: a tag whose language ICU does not know is an input error.
package enum LocaleCheck {
    /// Whether `tag` is a BCP 47 tag (or an `.lproj` name such as "zh_CN", "Base") with a language ICU knows.
    package static func isKnown(_ tag: String) -> Bool {
        if tag == "Base" { return true }
        let bcp = tag.replacingOccurrences(of: "_", with: "-")
        guard !bcp.isEmpty, bcp.utf8.allSatisfy({ $0 < 0x80 && $0 != 0 }) else { return false }
        return lsicu_is_known_language(bcp) == 1
    }
}

/// Sample numbers for plural variants: the number put into a format argument must fall in the variant's CLDR
/// plural category in that locale, else the variant would be laid out with a number it never shows.
package enum PluralSamples {
    /// The CLDR plural categories (and `.stringsdict` keys).
    package static let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    /// The CLDR category of `n` in `locale` ("one", "few", "other" …), from ICU's plural rules.
    package static func category(of n: Double, locale: String) -> String {
        var buffer = [CChar](repeating: 0, count: 16)
        let length = lsicu_plural_category(locale.replacingOccurrences(of: "_", with: "-"), n, &buffer, 16)
        guard length > 0 else { return "other" }
        return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static let cache = Locked<[String: Int]>([:])

    /// The longest plausible integer in `category` for `locale`: `preferred` itself when it is in the category,
    /// else `preferred` with its last two digits replaced (keeping its length: Russian "one" → 12345601),
    /// else the smallest number 1…1000 in it (English "one" → 1; French "one" → 1, not 0), else 0. "zero" is always 0 (Apple uses the zero
    /// variant for 0 in every language); a category the language never selects gets `preferred`.
    package static func sample(category: String, locale: String, preferred: Int) -> Int {
        if category == "zero" { return 0 }
        let cacheKey = "\(locale)|\(category)|\(preferred)"
        if let hit = cache.withLock({ $0[cacheKey] }) { return hit }
        var found = preferred
        let base = preferred - preferred % 100
        let candidates = [preferred] + (base > 0 ? (0..<100).map { base + $0 } : []) + Array(1...1000) + [0]
        if let n = candidates.first(where: { self.category(of: Double($0), locale: locale) == category }) { found = n }
        cache.withLock { $0[cacheKey] = found }
        return found
    }
}
