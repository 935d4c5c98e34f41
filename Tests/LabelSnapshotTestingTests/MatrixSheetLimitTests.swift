import LabelRendering
import Foundation
@testable import LabelSnapshotTesting
import XCTest

/// A matrix whose contact sheet would pass `Bitmap.maximumPixelCount` is told in the matrix's terms: how many
/// combinations, the sheet's size, the limit, and to split the matrix (it was the bare "invalid bitmap size").
final class MatrixSheetLimitTests: XCTestCase {
    func testASheetOverTheBitmapLimitSaysItsSizeTheLimitAndWhatToDo() throws {
        let matrix = try LabelMatrix([.contentSizeCategories(.all), .widths([100, 200])])
        let layout = try MatrixSheetLayout(matrix, across: nil, down: nil)
        // One 4000×4000 image in every cell (one buffer, shared): 24 cells of 16 Mpx are 384 Mpx before any
        // gutter or header, over the 256-Mpx limit; nothing is drawn, the size is refused first.
        let image = try Bitmap(width: 4000, height: 4000)
        XCTAssertGreaterThan(24 * image.width * image.height, Bitmap.maximumPixelCount)
        XCTAssertThrowsError(try layout.sheet(matrix, title: "testBig", textScale: 1) { _ in ContactSheet.Cell(image: image) }) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("the contact sheet of 24 combinations would be "), text)
            XCTAssertTrue(text.hasSuffix(" px, over the limit of 268435456 px: split the matrix into several assertions (fewer axes or values each)"), text)
            XCTAssertTrue(error is SnapshotConfigurationError, "reported as a set-up mistake, not as 'producing the value threw'")
        }
    }
}
