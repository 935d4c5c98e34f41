import TestSupport
import Foundation
import LabelRendering
import Typesetting
import XCTest

/// Layout in points: advances in font units scaled in Double, so lines, widths and truncation
/// are the same at every scale; only rasterisation depends on it.
final class ScaleIndependenceTests: XCTestCase {
    /// A 200-glyph line with kerning pairs is within 0.001 pt of the exact sum of the font's advances and
    /// `kern` pairs (font units × size / unitsPerEm), at 1x, 2x and 3x alike.
    func testWidthOfA200GlyphLineIsTheExactSumOfTheFontTables() throws {
        let text = String(repeating: "AVATAR To Ty WAVE ", count: 12).prefix(200)
        XCTAssertEqual(text.count, 200)
        let ref = try FontReference(path: dejaVuPath, text: String(text))
        XCTAssertFalse(ref.kerningPairs.isEmpty, "the line exercises kerning")
        let size = 13.703125
        XCTAssertFalse(text.hasSuffix(" "))
        let expected = ref.width(String(text), pointSize: size)
        for scale in [1.0, 2.0, 3.0] {
            var label = PaddedLabel(String(text), font: .default(size: size))
            label.scale = scale
            let layout = try label.makeLayout()
            XCTAssertEqual(layout.glyphs.count, 200)
            XCTAssertEqual(layout.lines[0].rect.width, expected, accuracy: 0.001, "@\(scale)x")
            XCTAssertEqual(try label.intrinsicContentSize.width, FontReference.px(expected, scale), accuracy: 1e-9, "@\(scale)x")
        }
    }

    /// Random labels (seeded: words, sizes in 1/64 pt, widths, line limits, modes) have identical lines,
    /// line widths and truncation at 1x, 2x and 3x.
    func testTheSameLabelHasTheSameLinesAtEveryScale() throws {
        var rng = SeededGenerator(seed: 13_2)
        let words = ["Snapshot", "tests", "catch", "labels", "that", "lose", "their", "last", "line", "AV", "Ty",
                     "패딩이", "없어", "שלום", "👍", "fi", "é"]
        let modes: [LineBreakMode] = [.byWordWrapping, .byCharWrapping, .byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 1...14, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
            var label = PaddedLabel(text, font: .default(size: 9 + Double(Int.random(in: 0...(64 * 20), using: &rng)) / 64))
            label.numberOfLines = Int.random(in: 0...3, using: &rng)
            label.lineBreakMode = modes.randomElement(using: &rng)!
            label.bounds = CGRect(x: 0, y: 0, width: Double.random(in: 20...320, using: &rng), height: 400)
            var reference: (lines: [String], widths: [CGFloat], truncation: LineBreakMode?)?
            for scale in [1.0, 2.0, 3.0] {
                label.scale = scale
                let layout = try label.makeLayout()
                let result = (lines: layout.lines.map(\.text), widths: layout.lines.map(\.rect.width), truncation: layout.truncation)
                if let reference {
                    XCTAssertEqual(result.lines, reference.lines, "\(text) @\(scale)x")
                    XCTAssertEqual(result.widths, reference.widths, "\(text) @\(scale)x")
                    XCTAssertEqual(result.truncation, reference.truncation, "\(text) @\(scale)x")
                } else {
                    reference = result
                }
            }
        }
    }
}
