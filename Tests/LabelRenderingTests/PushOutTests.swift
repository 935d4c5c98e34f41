import TestSupport
import Foundation
import LabelRendering
import Typesetting
import XCTest

/// `lineBreakStrategy`. Expected lines come from an independent greedy breaker and the push-out
/// rule of docs/layout-rules.md (Line-break strategy) written again here, over widths summed from the fonts' own tables (`FontReference`).
final class PushOutTests: XCTestCase {
    static let latin = try! FontReference(path: dejaVuPath, text: asciiAndEllipsis)
    static let hangulText = "패딩이 있는 레이블은 공백에서만 줄을 바꾸고"
    static let cjk = try! FontReference(path: FontFile.notoSansCJK.path, text: hangulText)

    /// Width in points at 17 pt: Hangul from Noto Sans CJK, the rest from DejaVu Sans (its kerning within a run).
    static func w(_ s: String) -> CGFloat {
        var total = 0.0, run = ""
        for c in s {
            if c.unicodeScalars.first.map({ (0xAC00...0xD7A3).contains($0.value) }) == true {
                total += latin.width(run, pointSize: 17); run = ""
                total += Double(cjk.advance(c.unicodeScalars.first!)) * 17 / Double(cjk.upem)
            } else { run.append(c) }
        }
        return total + latin.width(run, pointSize: 17)
    }

    /// Greedy lines over tokens that each end at a break opportunity (a word with its space, or a syllable);
    /// then, with `pushOut`, the rule: a last line of one token takes the previous line's last token when that
    /// line keeps one and the new last line fits.
    static func expectedLines(_ tokens: [String], width: CGFloat, pushOut: Bool) -> [String] {
        func text(_ t: ArraySlice<String>) -> String { String(t.joined().reversed().drop { $0 == " " }.reversed()) }
        var lines: [ArraySlice<String>] = []
        var start = 0
        while start < tokens.count {
            var end = start + 1
            while end < tokens.count, w(text(tokens[start...end])) <= width + 1e-6 { end += 1 }
            lines.append(tokens[start..<end]); start = end
        }
        if pushOut, lines.count >= 2, lines[lines.count - 1].count == 1, lines[lines.count - 2].count >= 2 {
            let last = lines[lines.count - 1], previous = lines[lines.count - 2]
            let moved = previous.suffix(1) + last
            if w(text(moved)) <= width + 1e-6 {
                lines[lines.count - 2] = previous.dropLast()
                lines[lines.count - 1] = moved
            }
        }
        return lines.map(text)
    }

    static func words(_ s: String) -> [String] {
        let parts = s.split(separator: " ").map(String.init)
        return parts.enumerated().map { $0.offset < parts.count - 1 ? $0.element + " " : $0.element }
    }

    func lines(_ text: String, width: CGFloat, strategy: LineBreakStrategy = .standard, numberOfLines: Int = 0) throws -> [String] {
        var label = PaddedLabel(text, font: .default(size: 17))
        label.numberOfLines = numberOfLines
        label.lineBreakStrategy = strategy
        label.bounds = CGRect(x: 0, y: 0, width: width, height: 500)
        return try label.makeLayout().lines.map(\.text)
    }

    func testTwoLineParagraphGetsTwoWordsOnItsLastLine() throws {
        let text = "Snapshot tests catch labels"
        let width = (Self.w("Snapshot tests catch") + Self.w(text)) / 2
        let tokens = Self.words(text)
        XCTAssertEqual(Self.expectedLines(tokens, width: width, pushOut: false), ["Snapshot tests catch", "labels"])
        XCTAssertEqual(try lines(text, width: width, strategy: []), ["Snapshot tests catch", "labels"])
        XCTAssertEqual(try lines(text, width: width), ["Snapshot tests", "catch labels"])
        XCTAssertEqual(try lines(text, width: width, strategy: .pushOut), Self.expectedLines(tokens, width: width, pushOut: true))
    }

    func testThreeLineParagraphPushesOnlyTheLastLine() throws {
        let text = "Snapshot tests catch labels that lose their last line"
        let tokens = Self.words(text)
        var checked = 0
        // Every width from 90 to 260 pt in 0.5 pt steps that gives three greedy lines ending in a lone word.
        for width in stride(from: 90.0, through: 260, by: 0.5) {
            let greedy = Self.expectedLines(tokens, width: width, pushOut: false)
            guard greedy.count == 3, !greedy[2].contains(" ") else { continue }
            checked += 1
            XCTAssertEqual(try lines(text, width: width, strategy: []), greedy, "\(width)")
            let pushed = Self.expectedLines(tokens, width: width, pushOut: true)
            XCTAssertEqual(try lines(text, width: width), pushed, "\(width)")
            XCTAssertEqual(pushed[0], greedy[0], "only the line before the last gives up a word")
        }
        XCTAssertGreaterThan(checked, 5)
    }

    func testAWordThatDoesNotFitIsNotPushed() throws {
        let text = "Hi there wonderful"
        let width = max(Self.w("Hi there"), Self.w("wonderful")) + 1
        XCTAssertGreaterThan(Self.w("there wonderful"), width, "the pushed line would overflow")
        XCTAssertEqual(try lines(text, width: width), ["Hi there", "wonderful"])
        // A line of one word keeps it: nothing to give.
        XCTAssertEqual(try lines("Extraordinary things", width: Self.w("Extraordinary") + 1), ["Extraordinary", "things"])
    }

    func testTruncatedParagraphsAreNotPushed() throws {
        let text = "Snapshot tests catch labels that lose their last line"
        let width = Self.w("Snapshot tests catch") + 1
        let greedy = Self.expectedLines(Self.words(text), width: width, pushOut: false)
        XCTAssertGreaterThan(greedy.count, 2)
        let two = try lines(text, width: width, numberOfLines: 2)
        XCTAssertEqual(two.first, greedy[0])
        XCTAssertTrue(two[1].hasSuffix("…") && two[1].hasPrefix(greedy[1].components(separatedBy: " ")[0]), "\(two)")
        // Each paragraph of a multi-paragraph text is pushed on its own.
        let para = "Snapshot tests catch labels"
        let w2 = (Self.w("Snapshot tests catch") + Self.w(para)) / 2
        XCTAssertEqual(try lines(para + "\n" + para, width: w2), ["Snapshot tests", "catch labels", "Snapshot tests", "catch labels"])
    }

    func testKoreanWithAndWithoutHangulWordPriority() throws {
        let text = Self.hangulText
        let words = Self.words(text)
        // Width such that greedy word breaking leaves the last word alone.
        let width = (0..<400).lazy.map { 100 + Double($0) * 0.5 }.first { width in
            let greedy = Self.expectedLines(words, width: width, pushOut: false)
            return greedy.count >= 2 && !greedy.last!.contains(" ")
                && Self.expectedLines(words, width: width, pushOut: true) != greedy
        }
        let W = try XCTUnwrap(width)
        XCTAssertEqual(try lines(text, width: W, strategy: [.hangulWordPriority]), Self.expectedLines(words, width: W, pushOut: false))
        XCTAssertEqual(try lines(text, width: W), Self.expectedLines(words, width: W, pushOut: true))
        // Without .hangulWordPriority: a break opportunity between every two syllables (ICU), so words split.
        var syllables: [String] = []
        for c in text { if c == " " { syllables[syllables.count - 1] += " " } else { syllables.append(String(c)) } }
        let bySyllable = Self.expectedLines(syllables, width: W, pushOut: false)
        XCTAssertEqual(try lines(text, width: W, strategy: []), bySyllable)
        XCTAssertTrue(bySyllable.contains { line in !line.split(separator: " ").allSatisfy { words.map { $0.trimmingCharacters(in: .whitespaces) }.contains(String($0)) } },
                      "some word is split between syllables: \(bySyllable)")
        XCTAssertEqual(try lines(text, width: W, strategy: .pushOut), Self.expectedLines(syllables, width: W, pushOut: true))
    }

    func testIntrinsicSizeFollowsThePushedLines() throws {
        let text = "Snapshot tests catch labels"
        var label = PaddedLabel(text, font: .default(size: 17))
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = (Self.w("Snapshot tests catch") + Self.w(text)) / 2
        let size = try label.intrinsicContentSize
        XCTAssertEqual(size.width, FontReference.px(max(Self.w("Snapshot tests"), Self.w("catch labels")), 1), accuracy: 1e-9)
        label.lineBreakStrategy = []
        XCTAssertEqual(try label.intrinsicContentSize.width, FontReference.px(Self.w("Snapshot tests catch"), 1), accuracy: 1e-9)
    }
}
