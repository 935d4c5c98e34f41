import Foundation
import LabelRendering
import Typesetting
import XCTest

/// Control characters, noncharacters, lone combining marks and huge text: a defined layout, never a
/// crash; 1 MB of text lays out in linear time.
final class TextInputTests: XCTestCase {
    func testEveryC0ControlDEL_AndNoncharacters() throws {
        var scalars = (0x00...0x1F).map { Unicode.Scalar($0)! } + ["\u{7F}", "\u{85}", "\u{FFFE}", "\u{FFFF}", "\u{FEFF}",
                                                                   "\u{200B}", "\u{2028}", "\u{2029}", "\u{10FFFF}", "\u{E000}"]
        scalars += ["\u{200D}", "\u{FE0F}", "\u{E0001}"]
        for s in scalars {
            for text in ["\(s)", "a\(s)b", "\(s)\(s)\(s)"] {
                for lines in [0, 1, 2] {
                    var l = PaddedLabel(text, insets: EdgeInsets(all: 2))
                    l.numberOfLines = lines
                    l.preferredMaxLayoutWidth = 20
                    let layout = try l.makeLayout()
                    XCTAssertGreaterThanOrEqual(layout.pixelHeight, 4, "U+\(String(s.value, radix: 16))")
                    _ = try LabelRenderer.render(layout)
                    _ = layout.layoutDescription
                }
            }
        }
    }

    func testControlCharactersAreDefined() throws {
        // NUL and the other C0 controls are shaped like any character (the font's glyph for them, here
        // .notdef-width boxes in DejaVu Sans): defined, one line, never a crash. Hard breaks split lines.
        let ab = try PaddedLabel("ab", font: .default(size: 17)).intrinsicContentSize
        XCTAssertGreaterThanOrEqual(try PaddedLabel("a\u{0}b", font: .default(size: 17)).intrinsicContentSize.width, ab.width)
        XCTAssertEqual(try PaddedLabel("a\u{1}\u{1F}\u{7F}b", font: .default(size: 17)).intrinsicContentSize.height, ab.height)
        var multi = PaddedLabel("a\nb\rc\r\nd\u{B}e\u{C}f\u{85}g\u{2028}h\u{2029}i", font: .default(size: 17))
        multi.numberOfLines = 0
        XCTAssertEqual(try multi.makeLayout().lines.map(\.text), ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
        let layout = try PaddedLabel("\u{0}\u{1}\u{7}", font: .default(size: 17)).makeLayout()
        XCTAssertEqual(layout.missingScalars, [])
        XCTAssertTrue(layout.layoutDescription.contains(#""\u{0}\u{1}\u{7}""#), layout.layoutDescription)
    }

    func testParagraphsWrapWholeWords() throws {
        var l = PaddedLabel("a b\nc d e f g h i j k l m n o p\r\nq", font: .default(size: 17))
        l.numberOfLines = 0
        try l.layout(width: 60)
        XCTAssertEqual(try l.makeLayout().lines.map(\.text), ["a b", "c d e f", "g h i j", "k l m n", "o p", "q"])
    }

    func testLoneAndStackedCombiningMarks() throws {
        for text in ["\u{301}", "\u{301}\u{301}", " \u{301}", "\u{0}\u{301}", "\n\u{301}", "\u{301}a\u{20DD}",
                     "a" + String(repeating: "\u{301}", count: 5000), String(repeating: "\u{301}", count: 5000)] {
            for mode in LineBreakMode.allCases {
                var l = PaddedLabel(text, font: .default(size: 17))
                l.lineBreakMode = mode
                l.numberOfLines = mode == .byCharWrapping || mode == .byWordWrapping ? 0 : 1
                l.bounds = CGRect(x: 0, y: 0, width: 30, height: 60)
                let layout = try l.makeLayout()
                XCTAssertFalse(layout.lines.isEmpty)
                _ = try LabelRenderer.render(layout)
            }
        }
    }

    func testUnpairedSurrogatesFromUTF16() throws {
        // A Swift String cannot hold a lone surrogate: decoding UTF-16 with one gives U+FFFD, which lays out.
        let text = String(decoding: [0xD800, 0x41, 0xDC00, 0xD83D] as [UInt16], as: UTF16.self)
        XCTAssertEqual(text.unicodeScalars.map(\.value), [0xFFFD, 0x41, 0xFFFD, 0xFFFD])
        let layout = try PaddedLabel(text, font: .default(size: 17)).makeLayout()
        XCTAssertEqual(layout.lines.map(\.text), [text])
    }

    /// 1 MB of text as one paragraph: a single line is far over the size limit (thrown once measuring passes it,
    /// nothing allocated); wrapped and truncated to 3 lines it lays out quickly.
    func testOneMegabyteParagraph() throws {
        let words = "lorem ipsum dolor sit amet, 패딩이 consectetur ☃ adipiscing elit "
        let text = String(repeating: words, count: (1 << 20) / words.utf8.count)
        XCTAssertGreaterThan(text.utf8.count, 1_000_000)
        let single = PaddedLabel(text, font: .default(size: 17))
        var time = try seconds {
            XCTAssertEqual(labelError(try single.makeLayout()), .textTooLarge(side: "wide"))
        }
        print("1 MB paragraph, one line: \(time) s")
        var wrapped = PaddedLabel(text, insets: EdgeInsets(all: 8))
        wrapped.numberOfLines = 3
        wrapped.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
        time = try seconds {
            let layout = try wrapped.makeLayout()
            XCTAssertEqual(layout.lines.count, 3)
            XCTAssertEqual(layout.truncation, .byTruncatingTail)
            XCTAssertTrue(layout.lines[2].text.hasSuffix("…"))
            _ = try LabelRenderer.render(layout)
        }
        // No clock assertion here: `make bench` times this layout (long_1mb_ms) and the growth ratio.
        print("1 MB paragraph, 3 wrapped lines: \(time) s")
    }

    /// 100k short lines (≈ 1 MB): unlimited lines exceed the size limit; lines fitting the bounds lay out.
    func testHundredThousandShortLines() throws {
        let text = (0..<100_000).map { "line \($0)" }.joined(separator: "\n")
        XCTAssertGreaterThan(text.utf8.count, 900_000)
        var l = PaddedLabel(text, font: .default(size: 17))
        l.numberOfLines = 0
        var time = try seconds {
            XCTAssertEqual(labelError(try l.makeLayout()), .textTooLarge(side: "tall"))
        }
        print("100k lines, unlimited: \(time) s")
        l.bounds = CGRect(x: 0, y: 0, width: 200, height: 2000)
        time = try seconds {
            let layout = try l.makeLayout()
            XCTAssertEqual(layout.lines.count, 101, "lines that fit 2000 pt at a 19.79 pt line height")
            // One line a paragraph: the paragraph's last word stays on its line (it used to be wrapped alone).
            XCTAssertEqual(layout.lines.first?.text, "line 0")
            XCTAssertEqual(layout.lines.last?.text, "line 100…")
        }
        // No clock assertion here: `make bench` times this layout (long_100k_ms).
        print("100k lines, 101 drawn: \(time) s")
    }
}
