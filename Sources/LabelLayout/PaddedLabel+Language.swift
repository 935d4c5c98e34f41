import Typesetting

extension PaddedLabel {
    /// `language`, or the one the text's first 1,024 UTF-16 units show (`FontFile.cjkLanguageGuessLength`):
    /// Hangul without kana → "ko", kana → "ja"; nil otherwise (Han alone does not tell Chinese from Japanese: the
    /// default chain's Japanese face draws it).
    public var effectiveLanguage: String? {
        language ?? PaddedLabel.guessLanguage(text)
    }

    /// The font with its CJK faces chosen for `effectiveLanguage` (DESIGN.md §2, fallback).
    public var languageFont: Font { font.forLanguage(effectiveLanguage) }

    /// "ko" for Hangul without kana, "ja" for kana, else nil.
    static func guessLanguage(_ text: String) -> String? {
        // 1,024 UTF-16 units come from at most 3 UTF-8 bytes each (a 4-byte sequence is 2 units).
        guessLanguage(TextSegmentation.utf16(text, utf8Prefix: 3 * FontFile.cjkLanguageGuessLength))
    }

    /// The same from UTF-16, at C speed (its first `FontFile.cjkLanguageGuessLength` units).
    static func guessLanguage(_ utf16: [UInt16]) -> String? { FontFile.cjkLanguage(shownBy: utf16) }
}
