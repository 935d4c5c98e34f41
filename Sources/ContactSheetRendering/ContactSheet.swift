import Foundation
import LabelLayout
import LabelRendering
import Raster
import Typesetting

/// A grid of images that a person takes in at a glance: one axis across (columns), one down (rows), and
/// further values as labelled blocks, each block the same rows × columns. Every cell shows its image
/// pixel for pixel, top-left in its box, over a neutral checkerboard (so transparent padding shows);
/// headers, block titles and captions are `PaddedLabel`s drawn by the project's own renderer.
///
/// Marks: `.differs` outlines the cell in red, `.missing` in amber; a cell without an image is hatched
/// grey. Outlines sit in the gutter, outside the cell box, so a box always holds exactly its image.
/// Geometry in pixels. Rules: DESIGN.md §3 (contact sheets).
///
/// ```swift
/// var sheet = ContactSheet(columnTitles: ["ltr", "rtl"], rowTitles: ["L", "AX5"])
/// sheet.blocks = [.init(title: "light", cells: [[.init(image: a), .init(image: b)], [.init(image: c), nil]])]
/// let png = try PNGCodec.encode(try sheet.render())
/// ```
public struct ContactSheet: Sendable {
    /// What a cell reports besides its image.
    public enum Mark: String, Sendable, Hashable {
        /// Nothing to point out.
        case none
        /// Differs from its reference: red outline.
        case differs
        /// Its reference is missing (or, without an image, the value itself): amber outline.
        case missing
    }

    /// One cell: an image (RGBA8, shown unscaled), a mark, and an optional caption below it.
    public struct Cell: Sendable {
        public var image: Bitmap?
        public var mark: Mark
        public var caption: String?
        /// Draws the caption in 11 pt bold `flagColor` instead of 9 pt grey (a matrix flags its truncated combinations so).
        public var flagsCaption: Bool

        public init(image: Bitmap?, mark: Mark = .none, caption: String? = nil, flagsCaption: Bool = false) {
            self.image = image
            self.mark = mark
            self.caption = caption
            self.flagsCaption = flagsCaption
        }
    }

    /// A titled block of `rowTitles.count` rows × `columnTitles.count` columns; `cells[row][column]`, nil
    /// or absent = an empty box (hatched).
    public struct Block: Sendable {
        public var title: String
        public var cells: [[Cell?]]

        public init(title: String, cells: [[Cell?]]) {
            self.title = title
            self.cells = cells
        }

        func cell(_ row: Int, _ column: Int) -> Cell? {
            row < cells.count && column < cells[row].count ? cells[row][column] : nil
        }
    }

    /// A line above everything (e.g. the test and what differs); nil = none.
    public var title: String?
    /// Headers of the columns (the axis across) and of the rows (the axis down).
    public var columnTitles: [String]
    public var rowTitles: [String]
    /// The blocks, laid out left to right and wrapped after `blocksPerRow`.
    public var blocks: [Block]
    /// Blocks per row of blocks; nil = ⌈√count⌉.
    public var blocksPerRow: Int?
    /// Pixels per point of the headers and captions (match the cells' scale to make them readable); 0.01…16
    /// like a label's `scale`, else `render()` and `geometry()` throw `LabelError.invalidScale`.
    public var textScale: CGFloat = 1

    public init(title: String? = nil, columnTitles: [String], rowTitles: [String], blocks: [Block] = []) {
        self.title = title
        self.columnTitles = columnTitles
        self.rowTitles = rowTitles
        self.blocks = blocks
    }

    // MARK: Style (fixed: a sheet is compared as a reference)

    /// Sheet background, checkerboard squares and their size, px.
    public static let background = Color(red: 255, green: 255, blue: 255)
    public static let checkerLight = Color(red: 0xF2, green: 0xF2, blue: 0xF2)
    public static let checkerDark = Color(red: 0xD9, green: 0xD9, blue: 0xD9)
    public static let checkerSize = 8
    /// Outline colours of `.differs` (red) and `.missing` (amber).
    public static let differsColor = Color(red: 0xE0, green: 0x1E, blue: 0x1E)
    public static let missingColor = Color(red: 0xF0, green: 0xA0, blue: 0x00)
    /// Colour of a flagged caption (blue: neither a difference nor a missing reference).
    public static let flagColor = Color(red: 0x1F, green: 0x5F, blue: 0xD6)
    static let textColor = Color(red: 0x33, green: 0x33, blue: 0x33)
    static let hatchColor = Color(red: 0xB0, green: 0xB0, blue: 0xB0)

    /// Where everything goes, px.
    public struct Geometry: Sendable, Equatable {
        public var width: Int
        public var height: Int
        /// `cellFrames[block][row][column]`: the box of each cell; its image's top-left is the box's.
        public var cellFrames: [[[PixelRect]]]
    }

    /// The sheet's geometry (sizes of the texts included).
    /// - Throws: `LabelError` when a header cannot be laid out (missing font).
    public func geometry() throws -> Geometry { try Plan(self).geometry }

    /// Draws the sheet: RGBA8, opaque white background.
    /// - Throws: `LabelError`, `RasterError` (a sheet over `Bitmap.maximumPixelCount`).
    public func render() throws -> Bitmap {
        let plan = try Plan(self)
        let g = plan.geometry
        var sheet = try Bitmap(width: g.width, height: g.height, fill: Self.background)
        if let t = plan.title { sheet.draw(t.image, x: plan.gutter, y: plan.gutter) }
        for (b, block) in blocks.enumerated() {
            let origin = plan.blockOrigin(b)
            sheet.draw(plan.blockTitles[b].image, x: origin.x, y: origin.y)
            for (c, header) in plan.columnHeaders.enumerated() {
                sheet.draw(header.image, x: origin.x + plan.columnOffset(c), y: origin.y + plan.blockTitleHeight)
            }
            for (r, header) in plan.rowHeaders.enumerated() {
                sheet.draw(header.image, x: origin.x, y: origin.y + plan.rowOffset(r))
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
                    case .differs: sheet.outline(box, color: Self.differsColor, plan: plan)
                    case .missing: sheet.outline(box, color: Self.missingColor, plan: plan)
                    }
                    if let caption = plan.captions[b][r][c] {
                        sheet.draw(caption.image, x: box.x, y: box.y + box.height + plan.captionGap)
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
    let gutter: Int, captionGap: Int, outlineWidth: Int
    let title: TextImage?
    let blockTitles: [TextImage]
    let columnHeaders: [TextImage]
    let rowHeaders: [TextImage]
    let captions: [[[TextImage?]]]
    let columnWidths: [Int], rowHeights: [Int]
    let rowHeaderWidth: Int, blockTitleHeight: Int, headerHeight: Int, captionHeight: Int
    let blockWidth: Int, blockHeight: Int, blocksPerRow: Int, top: Int
    private(set) var geometry: ContactSheet.Geometry

    init(_ sheet: ContactSheet) throws {
        let s = sheet.textScale
        // Checked before any size is computed from it: Int(NaN × 12) or Int(1e300 × 12) would trap.
        guard s.isFinite, s >= 0.01, s <= 16 else { throw LabelError.invalidScale(s) }
        func px(_ pt: Double) -> Int { Int((pt * Double(s)).rounded()) }
        gutter = px(12); captionGap = px(2); outlineWidth = max(2, px(2))
        title = try sheet.title.map { try TextImage($0, size: 14, bold: true, scale: s) }
        blockTitles = try sheet.blocks.map { try TextImage($0.title, size: 13, bold: true, scale: s) }
        columnHeaders = try sheet.columnTitles.map { try TextImage($0, size: 11, scale: s) }
        rowHeaders = try sheet.rowTitles.map { try TextImage($0, size: 11, scale: s) }
        let rows = sheet.rowTitles.count, columns = sheet.columnTitles.count
        // Captions repeat ("recorded", "truncated"): each distinct one is laid out and drawn once.
        var drawnCaptions: [String: TextImage] = [:]
        func caption(_ cell: ContactSheet.Cell?) throws -> TextImage? {
            guard let cell, let text = cell.caption else { return nil }
            let key = (cell.flagsCaption ? "!" : " ") + text
            if let made = drawnCaptions[key] { return made }
            let made = cell.flagsCaption ? try TextImage(text, size: 11, bold: true, color: ContactSheet.flagColor, scale: s)
                : try TextImage(text, size: 9, scale: s)
            drawnCaptions[key] = made
            return made
        }
        captions = try sheet.blocks.map { block in
            try (0..<rows).map { r in try (0..<columns).map { c in try caption(block.cell(r, c)) } }
        }
        // One width per column and one height per row over all blocks: blocks line up.
        var widths = columnHeaders.map(\.width), heights = rowHeaders.map(\.height)
        var caption = 0
        for b in sheet.blocks.indices {
            for r in 0..<rows {
                for c in 0..<columns {
                    if let image = sheet.blocks[b].cell(r, c)?.image {
                        widths[c] = max(widths[c], image.width)
                        heights[r] = max(heights[r], image.height)
                    }
                    if let t = captions[b][r][c] { widths[c] = max(widths[c], t.width); caption = max(caption, t.height + captionGap) }
                }
            }
        }
        // An empty row or column still shows a box to hatch.
        columnWidths = widths.map { max($0, px(16)) }
        rowHeights = heights.map { max($0, px(16)) }
        captionHeight = caption
        rowHeaderWidth = (rowHeaders.map(\.width).max() ?? 0) + gutter
        blockTitleHeight = (blockTitles.map(\.height).max() ?? 0) + px(4)
        headerHeight = (columnHeaders.map(\.height).max() ?? 0) + px(4)
        blockWidth = rowHeaderWidth + columnWidths.reduce(0, +) + gutter * max(0, columns - 1)
        blockHeight = blockTitleHeight + headerHeight + rowHeights.reduce(0, +) + (gutter + captionHeight) * rows
        let count = sheet.blocks.count
        // At most `count`: more lays out the same and `count + blocksPerRow - 1` cannot overflow.
        blocksPerRow = max(1, min(count, sheet.blocksPerRow ?? Int(Double(count).squareRoot().rounded(.up))))
        let g = gutter, titleHeight = title?.height
        top = g + (titleHeight.map { $0 + g } ?? 0)
        let blockRows = count == 0 ? 0 : (count + blocksPerRow - 1) / blocksPerRow
        let across = min(count, blocksPerRow)
        let width = max(gutter * 2 + across * blockWidth + max(0, across - 1) * gutter * 2, gutter * 2 + (title?.width ?? 0))
        let height = top + blockRows * blockHeight + max(0, blockRows - 1) * gutter + gutter
        geometry = ContactSheet.Geometry(width: width, height: height, cellFrames: [])
        let frames = (0..<count).map { b in
            let o = blockOrigin(b)
            return (0..<rows).map { r in (0..<columns).map { c in
                PixelRect(x: o.x + columnOffset(c), y: o.y + rowOffset(r), width: columnWidths[c], height: rowHeights[r])
            } }
        }
        geometry.cellFrames = frames
    }

    /// Top-left of block `b`: blocks flow left to right, `blocksPerRow` to a row.
    func blockOrigin(_ b: Int) -> (x: Int, y: Int) {
        (gutter + (b % blocksPerRow) * (blockWidth + gutter * 2), top + (b / blocksPerRow) * (blockHeight + gutter))
    }

    /// x of column `c`'s boxes from the block's left edge.
    func columnOffset(_ c: Int) -> Int { rowHeaderWidth + columnWidths[..<c].reduce(0, +) + gutter * c }

    /// y of row `r`'s boxes from the block's top edge.
    func rowOffset(_ r: Int) -> Int {
        blockTitleHeight + headerHeight + rowHeights[..<r].reduce(0, +) + (captionHeight + gutter) * r
    }
}
