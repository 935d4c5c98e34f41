/// The state of a translation in a String Catalog (`stringUnit.state`), reported beside a failure.
/// `.strings` and `.stringsdict` files carry no state (nil).
public enum TranslationState: String, Sendable, Hashable, CaseIterable {
    case translated
    case needsReview = "needs_review"
    case new
    case stale
}

/// One string to lay out: a key's value in one locale and one variant, as a format string (substitutions
/// already put in place; format specifiers not yet expanded).
public struct LocalizedString: Sendable, Hashable {
    /// The key (`"onboarding.title"`, or the English text for catalogs keyed by source text).
    public var key: String
    /// BCP 47 tag of the locale ("de", "pt-BR", "zh-Hans").
    public var locale: String
    /// Which variant: "" for a plain string, else `name=value` pairs joined by ",", e.g. "plural=one",
    /// "device=iphone", "files=few,folders=other" for a string with two plural substitutions.
    public var variant: String
    /// The format string (`%@`, `%lld`, `%1$@` … still in it).
    public var format: String
    /// The translation's state, or nil when the file records none.
    public var state: TranslationState?
    /// Plural category per 1-based format argument, for the variants of plural variations
    /// (the sample number of that argument is chosen in that category).
    public var pluralArguments: [Int: String]
    /// File and 1-based line the value was read from.
    public var file: String
    public var line: Int

    public init(key: String, locale: String, variant: String = "", format: String, state: TranslationState? = nil,
                pluralArguments: [Int: String] = [:], file: String = "", line: Int = 0) {
        self.key = key
        self.locale = locale
        self.variant = variant
        self.format = format
        self.state = state
        self.pluralArguments = pluralArguments
        self.file = file
        self.line = line
    }
}

/// All strings read from a String Catalog, a `.strings`/`.stringsdict` pair or a folder of `*.lproj`s.
public struct StringTable: Sendable {
    /// The development language (`sourceLanguage` of a catalog; "en" or the `Base`/first `.lproj` otherwise).
    public var sourceLanguage: String
    /// Every locale that has at least one string, source language first, then sorted.
    public var locales: [String]
    /// Every key, in file order (a catalog's keys sorted as Xcode writes them).
    public var keys: [String]
    /// The strings, grouped by locale in `locales` order, then in key order.
    public var strings: [LocalizedString]

    public init(sourceLanguage: String, strings: [LocalizedString]) {
        self.sourceLanguage = sourceLanguage
        var seenKeys = Set<String>(), keys: [String] = []
        var seenLocales = Set<String>()
        for s in strings {
            if seenKeys.insert(s.key).inserted { keys.append(s.key) }
            seenLocales.insert(s.locale)
        }
        let locales = (seenLocales.contains(sourceLanguage) ? [sourceLanguage] : [])
            + seenLocales.subtracting([sourceLanguage]).sorted()
        let order = Dictionary(uniqueKeysWithValues: locales.enumerated().map { ($1, $0) })
        self.keys = keys
        self.locales = locales
        // Stable: keeps key and variant order within a locale.
        self.strings = strings.enumerated().sorted {
            let a = order[$0.element.locale] ?? 0, b = order[$1.element.locale] ?? 0
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)
    }

    /// How many keys have no string in `locale` (untranslated in a catalog, or absent from its `.lproj`).
    public func missingCount(in locale: String) -> Int {
        keys.count - Set(strings.lazy.filter { $0.locale == locale }.map(\.key)).count
    }
}
