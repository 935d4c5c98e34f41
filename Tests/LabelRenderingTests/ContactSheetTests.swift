import LabelRendering
import Foundation
import Imaging
import Typesetting
import XCTest

final class ContactSheetTests: XCTestCase {
    /// A test image: opaque `color` with a transparent 2-px stripe along its left edge.
    func image(_ w: Int, _ h: Int, _ color: Color) throws -> Bitmap {
        var b = try Bitmap(width: w, height: h, fill: color)
        for y in 0..<h { for x in 0..<min(2, w) { b[x, y] = .clear } }
        return b
    }

    /// The checkerboard colour the sheet documents at offset (dx, dy) from a box's top-left.
    func checker(_ dx: Int, _ dy: Int) -> Color {
        ((dx / 8) + (dy / 8)) % 2 == 0 ? ContactSheet.checkerLight : ContactSheet.checkerDark
    }

    func testEachCellIsItsImageOnTheCheckerboard() throws {
        let red = try image(30, 20, Color(red: 200, green: 0, blue: 0))
        let blue = try image(50, 10, Color(red: 0, green: 0, blue: 200))
        let green = try image(12, 40, Color(red: 0, green: 150, blue: 0))
        var sheet = ContactSheet(title: "sheet", columnTitles: ["ltr", "rtl"], rowTitles: ["L", "AX5"])
        sheet.blocks = [
            .init(title: "light", cells: [[.init(image: red), .init(image: blue)], [.init(image: green), nil]]),
            .init(title: "dark", cells: [[.init(image: blue, mark: .differs), .init(image: red, mark: .missing)],
                                         [.init(image: green, caption: "3 px differ"), .init(image: red)]]),
        ]
        let bitmap = try sheet.render()
        let g = try sheet.geometry()
        XCTAssertEqual([bitmap.width, bitmap.height], [g.width, g.height])
        let images = [[[red, blue], [green, nil]], [[blue, red], [green, red]]]
        for b in 0..<2 { for r in 0..<2 { for c in 0..<2 {
            let box = g.cellFrames[b][r][c]
            guard let img = images[b][r][c] else {
                XCTAssertEqual(bitmap[box.x, box.y], Color(red: 0xB0, green: 0xB0, blue: 0xB0), "hatched empty cell")
                continue
            }
            // Column boxes are as wide as the widest image of the column, rows as tall as the tallest.
            XCTAssertGreaterThanOrEqual(box.width, img.width)
            XCTAssertGreaterThanOrEqual(box.height, img.height)
            for y in 0..<img.height { for x in 0..<img.width {
                let expected = img[x, y].alpha == 255 ? img[x, y] : checker(x, y)
                if bitmap[box.x + x, box.y + y] != expected {
                    XCTFail("block \(b) row \(r) column \(c): pixel (\(x), \(y)) is \(bitmap[box.x + x, box.y + y]), expected \(expected)")
                    return
                }
            } }
        } } }
        // Same column, same x in both blocks' rows; boxes never overlap.
        XCTAssertEqual(g.cellFrames[0][0][1].x - g.cellFrames[0][0][0].x, g.cellFrames[1][0][1].x - g.cellFrames[1][0][0].x)
        // Widest image of each column over both blocks (red 30, green 12, blue 50), tallest of each row.
        XCTAssertEqual(g.cellFrames[0][0][0].width, 50)
        XCTAssertEqual(g.cellFrames[0][0][1].width, 50)
        XCTAssertEqual(g.cellFrames[0][0][0].height, 20)
        XCTAssertEqual(g.cellFrames[0][1][0].height, 40)
        let all = g.cellFrames.flatMap { $0.flatMap { $0 } }
        for (i, a) in all.enumerated() { for b in all[(i + 1)...] { XCTAssertTrue(a.intersection(with: b).isEmpty, "\(a) overlaps \(b)") } }
        // Marks: red just outside the differing box, amber outside the missing one, nothing outside a plain one.
        let differs = g.cellFrames[1][0][0], missing = g.cellFrames[1][0][1], plain = g.cellFrames[0][0][0]
        XCTAssertEqual(bitmap[differs.x - 2, differs.y + 3], ContactSheet.differsColor)
        XCTAssertEqual(bitmap[missing.x + missing.width + 1, missing.y + 3], ContactSheet.missingColor)
        XCTAssertEqual(bitmap[plain.x - 2, plain.y + 3], ContactSheet.background)
        // The caption is drawn (dark pixels) below its cell.
        let captioned = g.cellFrames[1][1][0]
        var dark = 0
        for y in (captioned.y + captioned.height)..<(captioned.y + captioned.height + 14) {
            for x in captioned.x..<(captioned.x + 40) where bitmap[x, y].red < 128 { dark += 1 }
        }
        XCTAssertGreaterThan(dark, 10)
    }

    func testSheetSizeAddsUpItsParts() throws {
        let cell = try Bitmap(width: 100, height: 30, fill: .black)
        var sheet = ContactSheet(columnTitles: ["a", "b", "c"], rowTitles: ["row"])
        sheet.blocks = [.init(title: "one", cells: [[.init(image: cell), .init(image: cell), .init(image: cell)]])]
        sheet.blocksPerRow = 1
        let g = try sheet.geometry()
        // Headers measured by the label model itself: 11 pt DejaVu Sans at 1×; gutters 12 px.
        let rowHeader = try PaddedLabel("row", font: .default(size: 11)).intrinsicContentSize
        let columnHeader = try PaddedLabel("a", font: .default(size: 11)).intrinsicContentSize
        let blockTitle = try PaddedLabel("one", font: Font(file: FontFile.dejaVuSansBold, size: 13)).intrinsicContentSize
        let rowHeaderWidth = Int(rowHeader.width.rounded()) + 12
        XCTAssertEqual(g.width, 12 + rowHeaderWidth + 3 * 100 + 2 * 12 + 12)
        let titles = Int(blockTitle.height.rounded()) + 4 + Int(columnHeader.height.rounded()) + 4
        XCTAssertEqual(g.height, 12 + titles + 30 + 12 + 12)
        // Two blocks side by side (24 px apart), twice as wide less one margin.
        sheet.blocks.append(sheet.blocks[0])
        sheet.blocksPerRow = 2
        let two = try sheet.geometry()
        XCTAssertEqual(two.width, 2 * (g.width - 24) + 24 + 24)
        XCTAssertEqual(two.cellFrames[1][0][0].x - two.cellFrames[0][0][0].x, g.width - 24 + 24)
        XCTAssertEqual(try sheet.render().width, two.width)
    }

    /// Each row of blocks is sized by its own images (small images get small boxes, docs/snapshots.md), the blocks of
    /// a row still line up, and a block with its own text scale starts a row of blocks with text at that scale.
    func testRowsOfBlocksAreSizedOnTheirOwn() throws {
        let small = try image(20, 16, Color(red: 200, green: 0, blue: 0)), large = try image(60, 40, Color(red: 0, green: 0, blue: 200))
        func block(_ title: String, _ image: Bitmap, scale: CGFloat? = nil) -> ContactSheet.Block {
            .init(title: title, cells: [[.init(image: image), .init(image: image)]], textScale: scale)
        }
        var sheet = ContactSheet(columnTitles: ["a", "b"], rowTitles: ["r"])
        sheet.blocksPerRow = 2
        sheet.blocks = [block("one", small), block("two", small), block("three", large), block("four", large),
                        block("five", small, scale: 2)]
        let g = try sheet.geometry()
        let bitmap = try sheet.render()
        XCTAssertEqual([bitmap.width, bitmap.height], [g.width, g.height])
        // Boxes of the first row of blocks fit its small images, those of the second its large ones.
        XCTAssertEqual(g.cellFrames[0][0].map(\.width), [20, 20])
        XCTAssertEqual(g.cellFrames[0][0].map(\.height), [16, 16])
        XCTAssertEqual(g.cellFrames[2][0].map(\.width), [60, 60])
        XCTAssertEqual(g.cellFrames[2][0].map(\.height), [40, 40])
        // The blocks of a row line up; the second row starts one block height and a 12-px gutter lower.
        XCTAssertEqual(g.cellFrames[0][0][0].y, g.cellFrames[1][0][0].y)
        XCTAssertEqual(g.cellFrames[2][0][0].y, g.cellFrames[3][0][0].y)
        func height(_ text: String, _ size: Double, bold: Bool = false, scale: CGFloat = 1) throws -> Int {
            var label = PaddedLabel(text, font: Font(file: bold ? FontFile.dejaVuSansBold : FontFile.dejaVuSans, size: size))
            label.scale = scale
            return Int((try label.intrinsicContentSize.height * scale).rounded())
        }
        // Block height at 1x: title (13 pt bold) + 4, column header (11 pt) + 4, the row, its 12-px gutter.
        let firstHeight = try height("one", 13, bold: true) + 4 + height("a", 11) + 4 + 16 + 12
        XCTAssertEqual(g.cellFrames[2][0][0].y - g.cellFrames[0][0][0].y, firstHeight + 12)
        // The block with text scale 2 is a row of its own, its headers drawn at 2 px per pt (gaps 8 px).
        let fifth = g.cellFrames[4][0][0]
        func width(_ text: String, scale: CGFloat) throws -> Int {
            Int((try PaddedLabel(text, font: .default(size: 11)).intrinsicContentSize.width * scale).rounded())
        }
        XCTAssertEqual(fifth.x, 12 + (try width("r", scale: 2)) + 24, "sheet margin, row header at 2x and its 24-px gutter")
        let fourthBottom = g.cellFrames[2][0][0].y + 40 + 12
        XCTAssertEqual(fifth.y - fourthBottom - 12, try height("five", 13, bold: true, scale: 2) + 8 + height("a", 11, scale: 2) + 8)
        // Boxes at least 16 pt (32 px at 2x) so an empty cell still shows.
        XCTAssertEqual(fifth.width, max(20, 32, try width("a", scale: 2)))
        let rowHeight = max(16, 32, try height("r", 11, scale: 2))
        XCTAssertEqual(fifth.height, rowHeight)
        XCTAssertEqual(g.height, fifth.y + rowHeight + 24 + 12)
        // Every cell is still its image pixel for pixel on the checkerboard.
        for b in 0..<5 { for c in 0..<2 {
            let box = g.cellFrames[b][0][c], img = b == 2 || b == 3 ? large : small
            for y in 0..<img.height { for x in 0..<img.width {
                let expected = img[x, y].alpha == 255 ? img[x, y] : checker(x, y)
                if bitmap[box.x + x, box.y + y] != expected { return XCTFail("block \(b) column \(c): pixel (\(x), \(y))") }
            } }
        } }
    }

    func testEmptySheetRenders() throws {
        let sheet = ContactSheet(columnTitles: [], rowTitles: [], blocks: [.init(title: "nothing", cells: [])])
        let bitmap = try sheet.render()
        XCTAssertGreaterThan(bitmap.width, 0)
        XCTAssertGreaterThan(bitmap.height, 0)
    }

    /// A text scale outside a label's 0.01…16 (NaN, infinite, huge) is an error, not a trap in Int(NaN);
    /// a blocksPerRow beyond the block count lays out as one row (Int.max overflowed the row count).
    func testBadTextScaleAndBlocksPerRowAreNoCrash() throws {
        let image = try Bitmap(width: 3, height: 2, fill: .black)
        var sheet = ContactSheet(columnTitles: ["a"], rowTitles: ["r"],
                                 blocks: ["one", "two"].map { ContactSheet.Block(title: $0, cells: [[.init(image: image)]]) })
        for bad: CGFloat in [.nan, .infinity, -1, 0, 1e300, 16.5] {
            sheet.textScale = bad
            XCTAssertThrowsError(try sheet.render(), "\(bad)") { XCTAssertTrue("\($0)".hasPrefix("invalid scale"), "\($0)") }
            XCTAssertThrowsError(try sheet.geometry(), "\(bad)")
        }
        sheet.textScale = 1
        sheet.blocksPerRow = 2
        let oneRow = try sheet.geometry()
        for many in [3, 1000, Int.max] {
            sheet.blocksPerRow = many
            XCTAssertEqual(try sheet.geometry(), oneRow, "blocksPerRow \(many)")
        }
        sheet.blocksPerRow = 1
        let oneColumn = try sheet.geometry()
        for few in [0, -5, Int.min] {
            sheet.blocksPerRow = few
            XCTAssertEqual(try sheet.geometry(), oneColumn, "blocksPerRow \(few)")
        }
    }
}
