import TestSupport
import Foundation
@testable import LabelRendering
import Typesetting
import XCTest

/// A single paragraph longer than 128 KB is laid out from a prefix cut after a space between two ASCII letters
/// past 64 KB (docs/layout-rules.md, Early stop), and again from the whole text when anything the layout read could
/// change with what follows: the frontier or a shaping context at the cut, or a bidi level at or past the last
/// strong character before the first bracket left open at the cut (any explicit embedding or isolate: all levels).
final class LongParagraphPrefixTests: XCTestCase {
    static let filler = ["lorem", "ipsum", "dolor", "Snapshot", "tests", "labels", "AV", "office", "fi", "Wrap"]
    /// Pieces whose bidi classes reach forward but close before the cut: paired brackets, numbers with separators
    /// and terminators, right-to-left words, mixed scripts, tabs.
    static let mixed = LayoutPropertyTests.pieces.filter { $0 != "(" && $0 != ")" }
        + EarlyStopTests.rightToLeft.filter { $0.unicodeScalars.allSatisfy { !(0x202A...0x202E).contains($0.value) && !(0x2066...0x2069).contains($0.value) } }
        + ["[a]", "«b»", "(c d)", "(שלום)", "\u{2329}x\u{3009}", "12.50", "$3", "-4", "%", "#1", "\t", "1,000%"]
    /// Openers whose closers come after the cut, and explicit embeddings and isolates (`EarlyStopTests.rightToLeft`).
    static let openers = ["(", "[", "«", "\u{2329}"], closers = [")", "]", "»", "\u{3009}"]
    static let explicit = ["\u{202B}embedded\u{202C}", "\u{2067}iso\u{2069}", "\u{2068}", "\u{202A}"]

    /// One paragraph of more than 2 × 64 KB + 2,000 bytes: a head of mixed pieces, Latin filler (so a cut exists)
    /// with a mixed piece now and then, and a tail of mixed pieces after the cut. Some seeds open a bracket in the
    /// head that closes in the tail, some hold an explicit formatting character.
    static func randomParagraph(_ rng: inout SeededGenerator) -> String {
        var text = ""
        func add(_ piece: String) { text += (text.isEmpty || Int.random(in: 0..<6, using: &rng) == 0 ? "" : " ") + piece }
        let opens = Int.random(in: 0..<4, using: &rng) == 0, explicit = Int.random(in: 0..<5, using: &rng) == 0
        for i in 0..<Int.random(in: 0...80, using: &rng) {
            add(mixed.randomElement(using: &rng)!)
            if i == 5, opens { add(openers.randomElement(using: &rng)!) }
            if i == 9, explicit { add(Self.explicit.randomElement(using: &rng)!) }
        }
        let rareMixed = Int.random(in: 0..<3, using: &rng) == 0
        while text.utf8.count <= 2 * LineLayout.prefixBytes + 2000 {
            add(rareMixed && Int.random(in: 0..<40, using: &rng) == 0 ? mixed.randomElement(using: &rng)! : filler.randomElement(using: &rng)!)
        }
        for _ in 0..<Int.random(in: 0...20, using: &rng) { add((mixed + closers).randomElement(using: &rng)!) }
        return text
    }

    /// The layout of `label` from its whole text (shaped lazily, never from a prefix).
    func wholeTextLayout(_ label: PaddedLabel) throws -> TextLayout { try label.makeLayout(shapingWholeText: false, prefix: false) }

    func assertSameLayout(_ a: TextLayout, _ b: TextLayout, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        EarlyStopTests.assertSameLayout(a, b, context, file: file, line: line)
    }

    /// The cut: after the first space at or past byte 65,535 with an ASCII letter on each side, computed here by a
    /// plain scan of the bytes.
    func testWordPrefixLengthCutsAfterTheFirstSpaceBetweenLettersPast64KB() {
        let minimum = LineLayout.prefixBytes
        // "lorem ipsum " repeated: spaces at 5 and 11 (mod 12); 65,535 ≡ 3, so the first space is 65,537.
        XCTAssertEqual(TextSegmentation.wordPrefixLength(of: String(repeating: "lorem ipsum ", count: 20_000), minimum: minimum), 65_538)
        // Spaces after a digit or before a non-letter are skipped: "1 a" and "a -" never cut, "a b" does.
        var text = String(repeating: "x", count: 65_530) + " 1 a - a b"
        text += String(repeating: "y", count: 70_000)
        let bytes = Array(text.utf8)
        let expected = (65_535..<(2 * minimum)).first { i in
            bytes[i] == 0x20 && bytes[i - 1] >= 0x61 && bytes[i - 1] <= 0x7A && bytes[i + 1] >= 0x61 && bytes[i + 1] <= 0x7A
        }.map { $0 + 1 }
        XCTAssertEqual(expected, 65_530 + 9)
        XCTAssertEqual(TextSegmentation.wordPrefixLength(of: text, minimum: minimum), expected)
        // No ASCII letter pair around a space (Korean, Hebrew), a short text: no cut.
        XCTAssertNil(TextSegmentation.wordPrefixLength(of: String(repeating: "패딩이 없어 ", count: 10_000), minimum: minimum))
        XCTAssertNil(TextSegmentation.wordPrefixLength(of: String(repeating: "שלום עולם ", count: 10_000), minimum: minimum))
        XCTAssertNil(TextSegmentation.wordPrefixLength(of: String(repeating: "lorem ipsum ", count: 10_000), minimum: minimum))
    }

    /// The stable levels of a paragraph prefix (`Bidi.stableLength`), by hand: up to the last strong
    /// character before the first bracket left open; nothing with an explicit embedding or isolate.
    func testStableLevelsEndAtTheLastStrongCharacterBeforeAnOpenBracket() {
        func stable(_ s: String) -> Int { Bidi.stableLength(ofParagraph: Array(s.utf16), from: 0) }
        XCTAssertEqual(stable("ab cd "), 5)                 // after "d"
        XCTAssertEqual(stable("ab (cd) ef 12 "), 10)        // closed bracket: after "f"; digits are not strong
        XCTAssertEqual(stable("ab (cd ef "), 2)             // "(" open at the end: after "b"
        XCTAssertEqual(stable("ab (c] d) (e "), 8)          // "]" pairs nothing, ")" pairs "(": the open one is the last "("
        XCTAssertEqual(stable("a [b (c] d "), 10)           // "]" pairs "[" and drops "(" above it: nothing open
        XCTAssertEqual(stable("a \u{2329}b\u{3009} c "), 7) // canonical equivalents pair
        XCTAssertEqual(stable("( ab "), 0)                  // no strong character before the open bracket
        XCTAssertEqual(stable("123 ... "), 0)               // no strong character
        XCTAssertEqual(stable("שלום ab "), 7)               // R and L are both strong
        XCTAssertEqual(stable("ab \u{2068}cd\u{2069} ef "), 0)   // an isolate, even a closed one
        XCTAssertEqual(stable("ab \u{202B}cd\u{202C} ef "), 0)   // an embedding
    }

    /// Seeded single paragraphs over 128 KB with brackets, numbers, right-to-left and mixed text, embeddings and
    /// isolates, every line-break mode and alignment, 0, 1 and n lines, shrinking: the layout (lines, glyphs,
    /// truncation, `.layout` text), `sizeThatFits` and `intrinsicContentSize` equal the whole text's, whether the
    /// prefix was enough or the whole text was laid out again. A few seeds against the text shaped whole first.
    func testSeededLongParagraphsLaidOutFromAPrefixEqualTheWholeText() throws {
        var prefixUsed = 0, wholeAgain = 0
        for seed in UInt64(1)...12 {
            var rng = SeededGenerator(seed: seed &* 15_485_863)
            var label = EarlyStopTests.randomLabel(seed)
            label.text = Self.randomParagraph(&rng)
            if seed % 4 == 0 { label.numberOfLines = 0 }
            // Modes that read a single line's whole paragraph are laid out twice over 128 KB: a few seeds suffice.
            if [.byTruncatingHead, .byTruncatingMiddle, .byClipping].contains(label.lineBreakMode), seed % 6 != 0 {
                label.lineBreakMode = .byTruncatingTail
            }
            let units = label.text.utf16.count
            let context = "seed \(seed): \(units) units, lines \(label.numberOfLines) \(label.lineBreakMode) "
                + "\(label.textAlignment) \(String(describing: label.layoutDirection)) bounds \(label.bounds!.size)"
            let layout = try label.makeLayout()
            assertSameLayout(layout, try wholeTextLayout(label), context)
            if seed == 5 { assertSameLayout(layout, try label.makeLayout(shapingWholeText: true), context + " (shaped whole)") }
            if layout.readTextLength < units { prefixUsed += 1 } else { wholeAgain += 1 }
            XCTAssertTrue(layout.readTextLength == units || layout.readTextLength <= 2 * LineLayout.prefixBytes, context)
            // Sizes with limited lines: the prefix is enough when it holds them.
            if label.numberOfLines != 0 {
                let proposal = CGSize(width: label.bounds!.width, height: .greatestFiniteMagnitude)
                // The same size, or the same refusal (one line of the whole paragraph can be over the size limit).
                func outcome(_ body: () throws -> CGSize) -> String { do { return "\(try body())" } catch { return "\(error)" } }
                XCTAssertEqual(outcome { try label.sizeThatFits(proposal) },
                               outcome { try label.sizeThatFits(proposal, shapingWholeText: false, prefix: false) }, context)
                label.preferredMaxLayoutWidth = label.bounds!.width / 2
                if label.numberOfLines != 1 {
                    XCTAssertEqual(try label.intrinsicContentSize, try label.intrinsicSize(using: label.engine()), context)
                }
            }
        }
        XCTAssertGreaterThan(prefixUsed, 5, "most of these labels draw from the prefix")
        XCTAssertGreaterThan(wholeAgain, 1, "some read past what the prefix can tell")
    }

    /// Sizes that need the whole paragraph (all lines; one line's width) read to the cut and are measured again
    /// from the whole text.
    func testSizesOfAllLinesOrOneWholeLineMeasureTheWholeParagraph() throws {
        // 12 pt: the one line of 132,000 characters stays under the 1,000,000 pt limit of a label's lengths.
        var label = PaddedLabel(Self.lorem + "שלום", font: .system(size: 12), insets: EdgeInsets(all: 4))
        label.numberOfLines = 0
        let proposal = CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude)
        XCTAssertEqual(try label.sizeThatFits(proposal), try label.sizeThatFits(proposal, shapingWholeText: false, prefix: false))
        label.numberOfLines = 1
        // One line: the width of all of it, "lorem ipsum " × 11,000 and "שלום", not of the prefix.
        XCTAssertEqual(try label.intrinsicContentSize, try label.intrinsicSize(using: label.engine()))
        label.lineBreakMode = .byTruncatingHead
        label.bounds = CGRect(x: 0, y: 0, width: 200, height: 30)
        let head = try label.makeLayout()
        XCTAssertEqual(head.lines.first?.text.hasSuffix("שלום"), true, "head truncation keeps the paragraph's end")
        XCTAssertEqual(head.readTextLength, label.text.utf16.count)
    }

    /// A label of `text` in bounds for `lines` lines, and ICU's levels of its whole text and of the prefix it is cut
    /// at (`wordPrefixLength`), each resolved on its own.
    func cutLabel(_ text: String, lines: Int) throws -> (label: PaddedLabel, cut: Int, whole: [UInt8], prefix: [UInt8]) {
        var label = PaddedLabel(text, insets: EdgeInsets(all: 4))
        label.numberOfLines = lines
        label.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
        let cut = try XCTUnwrap(TextSegmentation.wordPrefixLength(of: text, minimum: LineLayout.prefixBytes))
        let whole = try Bidi.levels(Array(text.utf16), direction: .natural, fallbackIsRTL: false).levels
        let prefix = try Bidi.levels(TextSegmentation.utf16(text, utf8Prefix: cut), direction: .natural, fallbackIsRTL: false).levels
        return (label, cut, whole, prefix)
    }

    static let lorem = String(repeating: "lorem ipsum ", count: 11_000)

    /// A prefix cut inside a bracket pair whose closing bracket comes after the cut: in a right-to-left paragraph
    /// "שלום ab (cd … שלום) gh", N0 makes "(" right-to-left (a strong type of the embedding direction inside the
    /// pair), while in the prefix it is unpaired and N1 makes it left-to-right between "b" and "c". The layout
    /// reads levels past the open bracket, so it is made from the whole text; closed before the cut, the prefix does.
    func testABracketClosedAfterTheCutMakesTheLayoutReadTheWholeText() throws {
        let open = try cutLabel("שלום ab (cd " + Self.lorem + "שלום) gh", lines: 3)
        // Why it must: ICU's levels of "(" (offset 8) in the prefix and in the whole text differ.
        XCTAssertEqual(Array(open.label.text.utf16)[8], 0x28)
        XCTAssertEqual(open.whole[8], 1)
        XCTAssertEqual(open.prefix[8], 2)
        let layout = try open.label.makeLayout()
        XCTAssertEqual(layout.readTextLength, open.label.text.utf16.count, "laid out again from the whole text")
        assertSameLayout(layout, try wholeTextLayout(open.label), "open bracket")
        // The same pair closed before the cut: the prefix is enough.
        let closed = try cutLabel("שלום ab (cd) " + Self.lorem + "שלום gh", lines: 3)
        let closedLayout = try closed.label.makeLayout()
        XCTAssertEqual(closedLayout.readTextLength, closed.cut - 4, "the prefix: its UTF-8 bytes, less one for each two-byte Hebrew letter")
        assertSameLayout(closedLayout, try wholeTextLayout(closed.label), "closed bracket")
    }

    /// An isolate whose PDI comes after the cut: in "abc שלום ⁨…⁩ שלום" the space and the FSI before the isolate
    /// lie between two right-to-left words (N1: right-to-left) in the whole text, but before the paragraph's end
    /// (eos, left-to-right) in the prefix. Explicit formatting characters make the layout read the whole text.
    func testAnIsolateClosedAfterTheCutMakesTheLayoutReadTheWholeText() throws {
        let isolate = try cutLabel("abc שלום \u{2068}" + Self.lorem + "\u{2069} שלום", lines: 2)
        XCTAssertEqual(Array(isolate.label.text.utf16)[9], 0x2068)
        XCTAssertEqual(Array(isolate.whole[8...9]), [1, 1])
        XCTAssertEqual(Array(isolate.prefix[8...9]), [0, 0])
        let layout = try isolate.label.makeLayout()
        XCTAssertEqual(layout.readTextLength, isolate.label.text.utf16.count)
        assertSameLayout(layout, try wholeTextLayout(isolate.label), "open isolate")
    }
}
