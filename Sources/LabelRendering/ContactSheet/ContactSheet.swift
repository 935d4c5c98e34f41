import Foundation
import Imaging
import Typesetting

/// A grid of images that a person takes in at a glance: one axis across (columns), one down (rows), and
/// further values as labelled blocks, each block the same rows × columns. Every cell shows its image
/// pixel for pixel, top-left in its box, over a neutral checkerboard (so transparent padding shows);
/// headers, block titles and captions are `PaddedLabel`s drawn by the project's own renderer.
///
/// Marks: `.differs` outlines the cell in red, `.missing` in amber, `.uncovered` in magenta; a cell without an image is hatched
/// grey. Outlines sit in the gutter, outside the cell box, so a box always holds exactly its image.
/// Geometry in pixels. Rules: docs/snapshots.md (contact sheets).
///
/// ```swift
/// var sheet = ContactSheet(columnTitles: ["ltr", "rtl"], rowTitles: ["L", "AX5"])
/// sheet.blocks = [.init(title: "light", cells: [[.init(image: a), .init(image: b)], [.init(image: c), nil]])]
/// let png = try PNGCodec.encode(try sheet.render())
/// ```
package struct ContactSheet: Sendable {
    /// What a cell reports besides its image.
    package enum Mark: String, Sendable, Hashable {
        /// Nothing to point out.
        case none
        /// Differs from its reference: red outline.
        case differs
        /// Its reference is missing (or, without an image, the value itself): amber outline.
        case missing
        /// Draws code points no font covers (.notdef boxes, a localization sweep's "not covered"): magenta outline.
        case uncovered
    }

    /// One cell: an image (RGBA8, shown unscaled), a mark, and an optional caption below it.
    package struct Cell: Sendable {
        package var image: Bitmap?
        package var mark: Mark
        package var caption: String?
        /// Draws the caption in 11 pt bold `flagColor` instead of 9 pt grey (a matrix flags its truncated combinations so).
        package var flagsCaption: Bool

        package init(image: Bitmap?, mark: Mark = .none, caption: String? = nil, flagsCaption: Bool = false) {
            self.image = image
            self.mark = mark
            self.caption = caption
            self.flagsCaption = flagsCaption
        }
    }

    /// A titled block of `rowTitles.count` rows × `columnTitles.count` columns; `cells[row][column]`, nil
    /// or absent = an empty box (hatched).
    package struct Block: Sendable {
        package var title: String
        package var cells: [[Cell?]]
        /// Pixels per point of this block's title, headers, captions and gutters; nil = the sheet's `textScale`.
        /// Blocks of another text scale start a new row of blocks (a matrix gives each scale's blocks their own,
        /// so 1x images get 1x text and boxes sized for 1x). 0.01…16, else `render()` throws.
        package var textScale: CGFloat?

        package init(title: String, cells: [[Cell?]], textScale: CGFloat? = nil) {
            self.title = title
            self.cells = cells
            self.textScale = textScale
        }

        func cell(_ row: Int, _ column: Int) -> Cell? {
            row < cells.count && column < cells[row].count ? cells[row][column] : nil
        }
    }

    /// A line above everything (e.g. the test and what differs); nil = none.
    package var title: String?
    /// Headers of the columns (the axis across) and of the rows (the axis down).
    package var columnTitles: [String]
    package var rowTitles: [String]
    /// The blocks, laid out left to right and wrapped after `blocksPerRow` (and where the text scale changes).
    /// Each row of blocks is sized on its own: a column is as wide as its widest image in that row of blocks,
    /// a row as tall as its tallest, so the blocks of a row line up and small images get small boxes.
    package var blocks: [Block]
    /// Blocks per row of blocks; nil = ⌈√count⌉.
    package var blocksPerRow: Int?
    /// Pixels per point of the title, the margins and of blocks without their own `textScale` (match the
    /// cells' scale to make headers and captions readable); 0.01…16 like a label's `scale`, else `render()`
    /// and `geometry()` throw `LabelError.invalidScale`.
    package var textScale: CGFloat = 1

    package init(title: String? = nil, columnTitles: [String], rowTitles: [String], blocks: [Block] = []) {
        self.title = title
        self.columnTitles = columnTitles
        self.rowTitles = rowTitles
        self.blocks = blocks
    }

    // MARK: Style (fixed: a sheet is compared as a reference)

    /// Sheet background, checkerboard squares and their size, px.
    package static let background = Color(red: 255, green: 255, blue: 255)
    package static let checkerLight = Color(red: 0xF2, green: 0xF2, blue: 0xF2)
    package static let checkerDark = Color(red: 0xD9, green: 0xD9, blue: 0xD9)
    package static let checkerSize = 8
    /// Outline colours of `.differs` (red), `.missing` (amber) and `.uncovered` (magenta).
    package static let differsColor = Color(red: 0xE0, green: 0x1E, blue: 0x1E)
    package static let missingColor = Color(red: 0xF0, green: 0xA0, blue: 0x00)
    package static let uncoveredColor = Color(red: 0xC0, green: 0x1E, blue: 0xC8)
    /// Colour of a flagged caption (blue: neither a difference nor a missing reference).
    package static let flagColor = Color(red: 0x1F, green: 0x5F, blue: 0xD6)
    static let textColor = Color(red: 0x33, green: 0x33, blue: 0x33)
    static let hatchColor = Color(red: 0xB0, green: 0xB0, blue: 0xB0)

    /// Where everything goes, px.
    package struct Geometry: Sendable, Equatable {
        package var width: Int
        package var height: Int
        /// `cellFrames[block][row][column]`: the box of each cell; its image's top-left is the box's.
        package var cellFrames: [[[PixelRect]]]
    }

    /// The sheet's geometry (sizes of the texts included).
    /// - Throws: `LabelError` when a header cannot be laid out (missing font).
    package func geometry() throws -> Geometry { try Plan(self).geometry }

    /// Draws the sheet: RGBA8, opaque white background.
    /// - Throws: `LabelError`, `RasterError` (a sheet over `Bitmap.maximumPixelCount`).
    package func render() throws -> Bitmap {
        let plan = try Plan(self)
        let g = plan.geometry
        var sheet = try Bitmap(width: g.width, height: g.height, fill: Self.background)
        if let t = plan.title { sheet.draw(t.image, x: plan.gutter, y: plan.gutter) }
        for (b, block) in blocks.enumerated() {
            let (row, slot) = plan.place[b]
            let band = plan.rows[row]
            let origin = plan.blockOrigin(b)
            sheet.draw(band.blockTitles[slot].image, x: origin.x, y: origin.y)
            for (c, header) in band.columnHeaders.enumerated() {
                sheet.draw(header.image, x: origin.x + band.columnOffset(c), y: origin.y + band.blockTitleHeight)
            }
            for (r, header) in band.rowHeaders.enumerated() {
                sheet.draw(header.image, x: origin.x, y: origin.y + band.rowOffset(r))
                for c in columnTitles.indices {
                    let box = g.cellFrames[b][r][c]
                    let cell = block.cell(r, c)
                    if let image = cell?.image {
                        sheet.fillCheckerboard(PixelRect(x: box.x, y: box.y, width: image.width, height: image.height))
                        sheet.draw(image, x: box.x, y: box.y)
                    } else {
                        sheet.hatch(box)
                    }
                    switch cell?.mark ?? .none {
                    case .none: break
                    case .differs: sheet.outline(box, color: Self.differsColor, width: band.outlineWidth)
                    case .missing: sheet.outline(box, color: Self.missingColor, width: band.outlineWidth)
                    case .uncovered: sheet.outline(box, color: Self.uncoveredColor, width: band.outlineWidth)
                    }
                    if let caption = band.captions[slot][r][c] {
                        sheet.draw(caption.image, x: box.x, y: box.y + box.height + band.captionGap)
                    }
                }
            }
        }
        return sheet
    }
}

/// A header or caption rendered once, with its size.
struct TextImage {
    var image: Bitmap
    var width: Int { image.width }
    var height: Int { image.height }

    init(_ text: String, size: Double, bold: Bool = false, color: Color = ContactSheet.textColor, scale: CGFloat) throws {
        let file: FontFile = bold ? .dejaVuSansBold : .dejaVuSans
        var label = PaddedLabel(text.isEmpty ? " " : text, font: Font(file: file, size: size))
        label.textColor = color
        label.scale = scale
        image = try label.render()
    }
}

/// The sheet's measurements, computed once for drawing and for `geometry()`.
struct Plan {
    /// The sheet's margin (at its `textScale`); blocks are `2 × gutter` apart, rows of blocks `gutter`.
    let gutter: Int
    let title: TextImage?
    let top: Int
    /// The rows of blocks, each sized on its own.
    let rows: [BlockRow]
    /// For each block: its row of blocks and its place in it.
    let place: [(row: Int, slot: Int)]
    /// Top of each row of blocks.
    let rowTops: [Int]
    private(set) var geometry: ContactSheet.Geometry

    /// One row of blocks: consecutive blocks of one text scale, sharing their column widths and row heights.
    struct BlockRow {
        let blocks: Range<Int>
        let gutter: Int, captionGap: Int, outlineWidth: Int
        let blockTitles: [TextImage]
        let columnHeaders: [TextImage], rowHeaders: [TextImage]
        /// `captions[slot][row][column]`.
        let captions: [[[TextImage?]]]
        let columnWidths: [Int], rowHeights: [Int]
        let rowHeaderWidth: Int, blockTitleHeight: Int, headerHeight: Int, captionHeight: Int
        let blockWidth: Int, blockHeight: Int

        /// x of column `c`'s boxes from the block's left edge.
        func columnOffset(_ c: Int) -> Int { rowHeaderWidth + columnWidths[..<c].reduce(0, +) + gutter * c }

        /// y of row `r`'s boxes from the block's top edge.
        func rowOffset(_ r: Int) -> Int {
            blockTitleHeight + headerHeight + rowHeights[..<r].reduce(0, +) + (captionHeight + gutter) * r
        }
    }

    init(_ sheet: ContactSheet) throws {
        // Checked before any size is computed from it: Int(NaN × 12) or Int(1e300 × 12) would trap.
        func checked(_ s: CGFloat) throws -> CGFloat {
            guard s.isFinite, s >= 0.01, s <= 16 else { throw LabelError.invalidScale(s) }
            return s
        }
        let s = try checked(sheet.textScale)
        func px(_ pt: Double, _ scale: CGFloat) -> Int { Int((pt * Double(scale)).rounded()) }
        // Texts repeat (headers of every row of blocks, "recorded", "truncated"): each distinct one is drawn once.
        var drawn: [String: TextImage] = [:]
        func text(_ t: String, size: Double, bold: Bool = false, color: Color = ContactSheet.textColor,
                  scale: CGFloat) throws -> TextImage {
            let key = "\(scale) \(size) \(bold) \(color) " + t
            if let made = drawn[key] { return made }
            let made = try TextImage(t, size: size, bold: bold, color: color, scale: scale)
            drawn[key] = made
            return made
        }
        gutter = px(12, s)
        title = try sheet.title.map { try text($0, size: 14, bold: true, scale: s) }
        let count = sheet.blocks.count
        let scales = try sheet.blocks.map { try checked($0.textScale ?? s) }
        // At most `count`: more lays out the same and cannot overflow.
        let perRow = max(1, min(count, sheet.blocksPerRow ?? Int(Double(count).squareRoot().rounded(.up))))
        var ranges: [Range<Int>] = []
        var start = 0
        for b in 0..<count where b > start && (b - start == perRow || scales[b] != scales[start]) {
            ranges.append(start..<b)
            start = b
        }
        if count > 0 { ranges.append(start..<count) }
        let rowCount = sheet.rowTitles.count, columnCount = sheet.columnTitles.count
        rows = try ranges.map { range in
            let scale = scales[range.lowerBound]
            let g = px(12, scale), captionGap = px(2, scale)
            let blockTitles = try sheet.blocks[range].map { try text($0.title, size: 13, bold: true, scale: scale) }
            let columnHeaders = try sheet.columnTitles.map { try text($0, size: 11, scale: scale) }
            let rowHeaders = try sheet.rowTitles.map { try text($0, size: 11, scale: scale) }
            let captions: [[[TextImage?]]] = try sheet.blocks[range].map { block in
                try (0..<rowCount).map { r in try (0..<columnCount).map { c in
                    guard let cell = block.cell(r, c), let caption = cell.caption else { return nil }
                    return cell.flagsCaption ? try text(caption, size: 11, bold: true, color: ContactSheet.flagColor, scale: scale)
                        : try text(caption, size: 9, scale: scale)
                } }
            }
            // One width per column and one height per row over the row's blocks: its blocks line up.
            var widths = columnHeaders.map(\.width), heights = rowHeaders.map(\.height)
            var caption = 0
            for (slot, b) in range.enumerated() {
                for r in 0..<rowCount {
                    for c in 0..<columnCount {
                        if let image = sheet.blocks[b].cell(r, c)?.image {
                            widths[c] = max(widths[c], image.width)
                            heights[r] = max(heights[r], image.height)
                        }
                        if let t = captions[slot][r][c] { widths[c] = max(widths[c], t.width); caption = max(caption, t.height + captionGap) }
                    }
                }
            }
            // An empty row or column still shows a box to hatch.
            let columnWidths = widths.map { max($0, px(16, scale)) }, rowHeights = heights.map { max($0, px(16, scale)) }
            let rowHeaderWidth = (rowHeaders.map(\.width).max() ?? 0) + g
            let blockTitleHeight = (blockTitles.map(\.height).max() ?? 0) + px(4, scale)
            let headerHeight = (columnHeaders.map(\.height).max() ?? 0) + px(4, scale)
            return BlockRow(
                blocks: range, gutter: g, captionGap: captionGap, outlineWidth: max(2, px(2, scale)),
                blockTitles: blockTitles, columnHeaders: columnHeaders, rowHeaders: rowHeaders, captions: captions,
                columnWidths: columnWidths, rowHeights: rowHeights, rowHeaderWidth: rowHeaderWidth,
                blockTitleHeight: blockTitleHeight, headerHeight: headerHeight, captionHeight: caption,
                blockWidth: rowHeaderWidth + columnWidths.reduce(0, +) + g * max(0, columnCount - 1),
                blockHeight: blockTitleHeight + headerHeight + rowHeights.reduce(0, +) + (g + caption) * rowCount)
        }
        place = rows.enumerated().flatMap { r, row in row.blocks.map { (r, $0 - row.blocks.lowerBound) } }
        let margin = gutter
        top = margin + (title.map { $0.height + margin } ?? 0)
        var y = top, tops: [Int] = []
        for row in rows {
            tops.append(y)
            y += row.blockHeight + gutter
        }
        rowTops = tops
        let widest = rows.map { $0.blocks.count * $0.blockWidth + ($0.blocks.count - 1) * margin * 2 }.max() ?? 0
        let width = max(gutter * 2 + widest, gutter * 2 + (title?.width ?? 0))
        let height = rows.isEmpty ? top + gutter : y
        geometry = ContactSheet.Geometry(width: width, height: height, cellFrames: [])
        let frames = (0..<count).map { b in
            let o = blockOrigin(b), row = rows[place[b].row]
            return (0..<rowCount).map { r in (0..<columnCount).map { c in
                PixelRect(x: o.x + row.columnOffset(c), y: o.y + row.rowOffset(r), width: row.columnWidths[c], height: row.rowHeights[r])
            } }
        }
        geometry.cellFrames = frames
    }

    /// Top-left of block `b`: blocks flow left to right in their row of blocks, `2 × gutter` apart.
    func blockOrigin(_ b: Int) -> (x: Int, y: Int) {
        let (r, slot) = place[b]
        return (gutter + slot * (rows[r].blockWidth + gutter * 2), rowTops[r])
    }
}
