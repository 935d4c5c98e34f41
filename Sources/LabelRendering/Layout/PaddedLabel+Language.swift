import Typesetting

extension PaddedLabel {
    /// `language`, or the one the text's first 1,024 UTF-16 units show (`FontFile.cjkLanguageGuessLength`):
    /// Hangul without kana → "ko", kana → "ja"; nil otherwise (Han alone does not tell Chinese from Japanese: the
    /// default chain's Japanese face draws it).
    public var effectiveLanguage: String? {
        language ?? PaddedLabel.guessLanguage(text)
    }

    /// The font with its CJK faces chosen for `effectiveLanguage` (docs/fonts.md, Fallback).
    package var languageFont: Font { font.forLanguage(effectiveLanguage) }

    /// The fonts the text is drawn in, by UTF-16 range, as layout resolves them: `languageFont` over the whole of a
    /// plain text; each run's font of an attributed text (its own, for the content size category, the language and
    /// Markdown's intents, or the label's): what a check of glyph coverage must ask, run by run.
    /// - Throws: `TypesettingError` for a run font that cannot be loaded.
    package func fontsByRange() throws -> [(range: Range<Int>, font: Font)] {
        guard let attributedText else { return [(0..<text.utf16.count, languageFont)] }
        return try RichText(attributedText, label: self, baseFont: languageFont, language: effectiveLanguage).runs.map { ($0.range, $0.font) }
    }

    /// "ko" for Hangul without kana, "ja" for kana, else nil.
    static func guessLanguage(_ text: String) -> String? {
        // 1,024 UTF-16 units come from at most 3 UTF-8 bytes each (a 4-byte sequence is 2 units).
        guessLanguage(TextSegmentation.utf16(text, utf8Prefix: 3 * FontFile.cjkLanguageGuessLength))
    }

    /// The same from UTF-16, at C speed (its first `FontFile.cjkLanguageGuessLength` units).
    static func guessLanguage(_ utf16: [UInt16]) -> String? { FontFile.cjkLanguage(shownBy: utf16) }

    /// Whether `tag` is a well-formed BCP 47 language tag by RFC 5646's syntax (§2.1), without checking the
    /// registry: subtags of 1–8 ASCII letters or digits joined by "-", the first a language of 2–8 letters
    /// (or "x"/"i" before private-use or grandfathered subtags). "_" is taken as "-" (`zh_CN`, as Apple's
    /// locale identifiers write it). Anything else (a NUL, "@", an empty subtag) could never choose a face,
    /// and would reach the reference's provenance as text no PNG chunk may hold.
    package static func isWellFormedLanguageTag(_ tag: String) -> Bool {
        let subtags = tag.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false) }
        func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
        func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        guard let first = subtags.first else { return false }
        let singleton = first.count == 1 && [UInt8(ascii: "x"), UInt8(ascii: "i")].contains(first.first.map { $0 | 0x20 } ?? 0)
        guard (2...8).contains(first.count) || (singleton && subtags.count > 1), first.allSatisfy(isLetter) else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { isLetter($0) || isDigit($0) } }
    }
}
