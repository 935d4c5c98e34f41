import TestSupport
import Foundation
import LabelRendering
import Imaging
@testable import UIKit
import XCTest

@MainActor
final class DrawingTests: XCTestCase {
    func testTheBlogPatternDrawsTheModelsPixels() async throws {
        let label = WrappingPaddedLabel()
        label.font = dejaVu()
        label.numberOfLines = 0
        label.text = "않이 패딩이 왜 없어..? A padded label that wraps onto a second line"
        label.backgroundColor = .systemYellow
        label.layer.cornerRadius = 6
        let size = try label.layOutWithAutoLayout(width: 200)
        let drawn = try label.drawHierarchy()
        var model = PaddedLabel(label.text!, font: .default(size: 17), insets: LabelRendering.EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        model.numberOfLines = 0
        model.backgroundColor = .systemYellow
        model.cornerRadius = 6
        try model.layout(width: 200)
        XCTAssertEqual(model.bounds?.size, size)
        XCTAssertTrue(try model.render() == drawn.image, "the UILabel's pixels differ from the PaddedLabel's")
    }

    func testTheUnreducedSizeThatFitsLosesTheLastLineAndTheReducedOneKeepsIt() async throws {
        let text = "UILabel With Padding"
        let ref = try FontReference(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", text: text)
        // One point wider than the text plus the insets: the unreduced pattern measures one line at that width,
        // but the text is drawn 32 pt narrower, where it needs two.
        let proposal = CGSize(width: ref.width(text, pointSize: 17) + 1, height: .greatestFiniteMagnitude)
        var drawn: [String: TextLayout] = [:]
        for (name, label) in [("unreduced", UnreducedFitLabel() as DrawTextPaddedLabel), ("reduced", ReducedFitLabel())] {
            label.font = dejaVu()
            label.numberOfLines = 0
            label.text = text
            try label.layOut(for: .sizeThatFits(proposal))
            drawn[name] = try label.drawHierarchy().texts.first?.layout
        }
        XCTAssertEqual(drawn["unreduced"]?.lines.count, 1, "\(drawn["unreduced"]?.lines.map(\.text) ?? [])")
        XCTAssertEqual(drawn["unreduced"]?.truncation, .byTruncatingTail, "the last line is lost, the one drawn ends in an ellipsis: \(drawn["unreduced"]?.lines.map(\.text) ?? [])")
        XCTAssertEqual(drawn["reduced"]?.lines.map(\.text), ["UILabel", "With Padding"])
        XCTAssertNil(drawn["reduced"]?.truncation)
    }
}
