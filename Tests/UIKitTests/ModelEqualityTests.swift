import Foundation
import LabelRendering
import TestSupport
import Typesetting
@testable import UIKit
import XCTest

/// A UILabel subclass padding as the blog does and a `PaddedLabel` with the same insets, font, text and width draw the
/// same pixels and report the same sizes, in every line-break mode at 1x, 2x and 3x (seeded cases, replayable from
/// the seed in the message).
@MainActor
final class ModelEqualityTests: XCTestCase {
    static let words = ["Hello", "padding", "라벨", "않이", "패딩이", "왜", "없어..?", "UILabel", "with", "insets", "a",
                        "supercalifragilistic", "—", "badge", "12:30", "résumé"]

    func testTheBlogPatternMatchesTheModel() async throws {
        for mode in NSLineBreakMode.allCases {
            for scale in [1.0, 2.0, 3.0] {
                for round in 0..<4 {
                    let seed = UInt64(mode.rawValue * 100 + Int(scale) * 10 + round)
                    try check(seed: seed, mode: mode, scale: CGFloat(scale))
                }
            }
        }
    }

    func check(seed: UInt64, mode: NSLineBreakMode, scale: CGFloat) throws {
        var rng = SeededGenerator(seed: seed)
        let count = Int.random(in: 1...12, using: &rng)
        let text = (0..<count).map { _ in Self.words.randomElement(using: &rng)! }.joined(separator: " ")
        func length(_ range: ClosedRange<Int>) -> CGFloat { CGFloat(Int.random(in: range, using: &rng)) / 4 }
        let insets = UIEdgeInsets(top: length(0...48), left: length(0...80), bottom: length(0...48), right: length(0...80))
        let size = [13.0, 15, 17, 22.5].randomElement(using: &rng)!
        let lines = [0, 1, 2, 3].randomElement(using: &rng)!
        let width = length(240...1400)
        let why = "seed \(seed): \(mode) @\(scale)x, \(lines) lines, width \(width), insets \(insets), \(size) pt, \(String(reflecting: text))"

        let label = WrappingPaddedLabel()
        label.insets = insets
        label.font = dejaVu(CGFloat(size))
        label.text = text
        label.numberOfLines = lines
        label.lineBreakMode = mode
        label.overrideTraits(UITraitCollection(displayScale: scale))
        var model = PaddedLabel(text, font: .default(size: size),
                                insets: LabelRendering.EdgeInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right))
        model.numberOfLines = lines
        model.lineBreakMode = LineBreakMode(mode)
        model.scale = scale

        XCTAssertEqual(label.intrinsicContentSize, try model.intrinsicContentSize, "intrinsic size, " + why)
        let laidOut = try label.layOutWithAutoLayout(width: width)
        try model.layout(width: width)
        XCTAssertEqual(laidOut, model.bounds?.size, "size at the width, " + why)
        let image = try label.drawHierarchy().image
        XCTAssertTrue(try model.render() == image, "pixels, " + why)
    }
}
