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
    static func guessLanguage(_ text: String) -> String? {
        var hangul = false
        for s in text.unicodeScalars {
            switch s.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return "ja"   // hiragana, katakana
            case 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF: hangul = true
            default: break
            }
        }
        return hangul ? "ko" : nil
    }
}
