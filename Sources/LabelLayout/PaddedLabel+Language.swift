import Typesetting

extension PaddedLabel {
    /// `language`, or the one the text shows: Hangul without kana → "ko", kana → "ja"; nil otherwise
    /// (Han alone does not tell Chinese from Japanese: the default chain's Japanese face draws it).
    public var effectiveLanguage: String? {
        language ?? PaddedLabel.guessLanguage(text)
    }

    /// The font with its CJK faces chosen for `effectiveLanguage` (DESIGN.md §2, fallback).
    public var languageFont: Font { font.forLanguage(effectiveLanguage) }

    /// "ko" for Hangul without kana, "ja" for kana, else nil.
    static func guessLanguage(_ text: String) -> String? { guessLanguage(TextSegmentation.utf16(text)) }

    /// The same from UTF-16, in one pass at C speed (it reads the whole text, in debug builds too).
    static func guessLanguage(_ utf16: [UInt16]) -> String? { FontFile.cjkLanguage(shownBy: utf16) }
}
