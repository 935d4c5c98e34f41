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
    static func guessLanguage(_ text: String) -> String? { guessLanguage(Array(text.utf16)) }

    /// The same from UTF-16 (every range is in the BMP, so code units are compared): one pass over the text with
    /// plain comparisons, which stay fast in debug builds; stops at the first kana.
    static func guessLanguage(_ utf16: [UInt16]) -> String? {
        var hangul = false
        let found: String? = utf16.withUnsafeBufferPointer { units in
            for u in units {
                if u < 0x1100 { continue }   // most text: Latin and the like
                if (u >= 0x3040 && u <= 0x30FF) || (u >= 0x31F0 && u <= 0x31FF) || (u >= 0xFF66 && u <= 0xFF9F) {
                    return "ja"   // hiragana, katakana
                }
                if (u >= 0xAC00 && u <= 0xD7AF) || u <= 0x11FF || (u >= 0x3130 && u <= 0x318F)
                    || (u >= 0xA960 && u <= 0xA97F) || (u >= 0xD7B0 && u <= 0xD7FF) { hangul = true }
            }
            return nil
        }
        return found ?? (hangul ? "ko" : nil)
    }
}
