import Foundation
import LabelLayout
import LabelRendering
import Raster
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
        var model = PaddedLabel(label.text!, font: .default(size: 17), insets: LabelLayout.EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        model.numberOfLines = 0
        model.backgroundColor = .systemYellow
        model.cornerRadius = 6
        try model.layout(width: 200)
        XCTAssertEqual(model.bounds?.size, size)
        XCTAssertTrue(try model.render() == drawn.image, "the UILabel's pixels differ from the PaddedLabel's")
    }
}
