import Typesetting
import XCTest

/// The CJK language a text shows (docs/fonts.md, Language), from the Unicode blocks by hand: kana in its first 1,024
/// UTF-16 units → "ja", else Hangul there → "ko", else nil (Han alone tells nothing).
final class LanguageGuessTests: XCTestCase {
    func guess(_ s: String) -> String? { FontFile.cjkLanguage(shownBy: Array(s.utf16)) }

    func testKanaThenHangulThenNothing() {
        XCTAssertNil(guess(""))
        XCTAssertNil(guess("UILabel with padding"))
        XCTAssertNil(guess("漢字 中文"))                       // Han alone
        XCTAssertEqual(guess("패딩이 왜 없어"), "ko")           // syllables U+AC00…
        XCTAssertEqual(guess("\u{1100}"), "ko")               // jamo
        XCTAssertEqual(guess("\u{3131}"), "ko")               // compatibility jamo
        XCTAssertEqual(guess("\u{A960} \u{D7B0}"), "ko")      // jamo extended A and B
        XCTAssertEqual(guess("かな"), "ja")                    // hiragana
        XCTAssertEqual(guess("カナ"), "ja")                    // katakana
        XCTAssertEqual(guess("\u{31F0}"), "ja")               // katakana phonetic extensions
        XCTAssertEqual(guess("\u{FF71}"), "ja")               // half-width katakana
        // Kana anywhere in the first 1,024 units wins: "패딩 " is 3 units, so か after 1,020 x's is unit 1,023 (read)
        // and after 1,021 x's unit 1,024 (not read: the guess reads a bounded prefix, docs/fonts.md, Language).
        XCTAssertEqual(guess("패딩 " + String(repeating: "x", count: 1020) + "か"), "ja")
        XCTAssertEqual(guess("패딩 " + String(repeating: "x", count: 1021) + "か"), "ko")
        XCTAssertNil(guess(String(repeating: "x", count: 1024) + "패딩 か"), "Hangul and kana after the prefix are not read")
        XCTAssertNil(guess("\u{10FF}\u{1200}\u{3100}\u{A980}\u{FF65}\u{FFA0}\u{1F600}"), "neighbours of the ranges")
    }
}
