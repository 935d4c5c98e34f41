import Typesetting
import XCTest

/// `TextSegmentation.string`, the drawn line's text from its UTF-16 units (ICU), against the Unicode encoding
/// forms written out by hand.
final class UTF16StringTests: XCTestCase {
    func testUnitsOfEveryLengthOfUTF8() {
        // 1-, 2-, 3- and 4-byte UTF-8 sequences: "a" U+0061, "é" U+00E9, "패" U+D328, "😀" U+1F600 (D83D DE00).
        let cases: [([UInt16], String)] = [
            ([], ""),
            ([0x61], "a"),
            ([0xE9], "\u{E9}"),
            ([0xD328, 0xB529], "\u{D328}\u{B529}"),
            ([0x61, 0xD83D, 0xDE00, 0x62], "a\u{1F600}b"),
        ]
        for (units, expected) in cases {
            XCTAssertEqual(TextSegmentation.string(units[...]), expected, "\(units)")
        }
    }

    func testAnUnpairedSurrogateBecomesTheReplacementCharacter() {
        // As the standard library's UTF-16 decoder repairs it: one U+FFFD per unpaired unit.
        XCTAssertEqual(TextSegmentation.string([0x61, 0xD83D, 0x62][...]), "a\u{FFFD}b")
        XCTAssertEqual(TextSegmentation.string([0xDE00][...]), "\u{FFFD}")
        XCTAssertEqual(TextSegmentation.string([0x61, 0xD83D][...]), "a\u{FFFD}")
    }

    func testASliceInTheMiddleOfAnArray() {
        let units = Array("않이 패딩이 왜 없어..?".utf16)
        XCTAssertEqual(TextSegmentation.string(units[3..<6]), "패딩이")
    }
}
