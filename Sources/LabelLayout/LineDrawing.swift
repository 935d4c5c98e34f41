import Foundation
import Typesetting

/// Places broken lines in the text rect (DESIGN.md §2, Drawing): the baseline of each line, its x by
/// alignment, justification, and every glyph at its pixel position in visual order.
struct LineDrawer {
    let label: PaddedLabel
    /// The engine of the drawn text (shrunk, if the font size was adjusted to fit).
    let engine: LineLayout
    /// The engine at the label's own font size: it sets the line boxes and baselines.
    let original: LineLayout
    let rect: CGRect
    let lineCount: Int

    private var scale: CGFloat { label.scale }
    private var shaped: LazyShapedText { engine.text }

    /// The line's rect, text and glyphs.
    func draw(_ line: BrokenLine, index: Int) throws -> (TextLayout.Line, [TextLayout.Glyph]) {
        let baseline = self.baseline(ofLine: index)
        let content = try logicalContent(of: line)
        let rightToLeft = content.paragraphLevel & 1 == 1
        var x = originX(width: line.width, rightToLeft: rightToLeft)
        var width = line.width
        let extraPerSpace = justification(line, spaces: content.spaceCount)
        if extraPerSpace > 0 { x = rect.minX; width = rect.width }
        let glyphs = try position(content.items, x: x, baseline: baseline, extraPerSpace: extraPerSpace)
        // The box of the drawn text: the drawn font's line height, from its ascender above the baseline.
        let lineRect = CGRect(x: x, y: baseline - baselineOffset(engine), width: width, height: engine.lineHeight)
        return (TextLayout.Line(text: content.text, range: content.range, rect: lineRect, baseline: baseline,
                                pieces: line.pieces, isRightToLeft: rightToLeft), glyphs)
    }

    // MARK: Vertical

    /// The engine whose line boxes stack the lines: the original size's (a shrunk single line keeps the
    /// original box and is placed in it by `baselineAdjustment`), or the shrunk one for multi-line text.
    private var boxes: LineLayout { lineCount > 1 ? engine : original }

    /// From the top of a line box to its baseline: the extra height of `lineHeightMultiple` goes above the text.
    private func baselineOffset(_ e: LineLayout) -> CGFloat {
        e.metrics.ascender + (e.lineHeight - e.metrics.lineHeight)
    }

    /// Baseline of line `i`, on the pixel grid: the block of lines is centred vertically in the text rect.
    private func baseline(ofLine i: Int) -> CGFloat {
        let blockTop = rect.minY + (rect.height - boxes.blockHeight(lines: lineCount)) / 2
        let pitch = boxes.lineHeight + label.lineSpacing
        var y = blockTop + baselineOffset(boxes) + CGFloat(i) * pitch
        if lineCount == 1, engine.pointSize != original.pointSize {
            switch label.baselineAdjustment {
            case .alignBaselines: break
            case .alignCenters: y = blockTop + (original.lineHeight - engine.lineHeight) / 2 + baselineOffset(engine)
            case .none: y = blockTop + baselineOffset(engine)
            }
        }
        return (y * scale).rounded() / scale
    }

    // MARK: Horizontal

    /// x of a line of `width` by the label's alignment. `.natural` (and a `.justified` line left unjustified)
    /// follows `layoutDirection` when it is set, as `UILabel`'s natural alignment follows the view's layout
    /// direction whatever the text; else the line's paragraph direction (DESIGN.md §2, Bidi).
    private func originX(width: CGFloat, rightToLeft: Bool) -> CGFloat {
        switch label.textAlignment {
        case .left: return rect.minX
        case .right: return rect.maxX - width
        case .center: return rect.minX + (rect.width - width) / 2
        case .natural, .justified:
            let alignsRight = label.layoutDirection.map { $0 == .rightToLeft } ?? rightToLeft
            return alignsRight ? rect.maxX - width : rect.minX
        }
    }

    /// Justified: the slack spread over the line's interior spaces (pt each), except on a paragraph's last line
    /// and on truncated lines; 0 otherwise.
    private func justification(_ line: BrokenLine, spaces: Int) -> CGFloat {
        guard label.textAlignment == .justified, !line.endsParagraph, line.pieces.count == 1, spaces > 0,
              rect.width > line.width else { return 0 }
        return (rect.width - line.width) / CGFloat(spaces)
    }

    // MARK: Glyphs

    /// A glyph to draw, in logical order, with its bidi level and whether it is a justifiable space.
    private struct Item {
        var glyph: ShapedGlyph
        var level: UInt8
        var isSpace: Bool
        /// A tab's advance in points (to its tab stop), kept in points: as em (÷ point size) it overflowed to
        /// infinity for a subnormal point size (fuzz regression crash-8340…).
        var tabAdvance: Double? = nil
    }

    /// The line's drawn glyphs in logical order (trailing white space is not drawn), its text and range.
    private func logicalContent(of line: BrokenLine) throws -> (items: [Item], text: String, range: Range<Int>,
                                                                paragraphLevel: UInt8, spaceCount: Int) {
        let utf16 = shaped.utf16
        let firstOffset = line.pieces.lazy.compactMap { if case .text(let r) = $0 { return r.lowerBound } else { return nil } }.first ?? 0
        let paragraphLevel: UInt8 = firstOffset < utf16.count ? try shaped.paragraphLevel(at: firstOffset)
            : (label.layoutDirection ?? (Bidi.firstStrongDirection(label.text) == .rightToLeft ? .rightToLeft : .leftToRight)) == .rightToLeft ? 1 : 0
        var items: [Item] = []
        items.reserveCapacity(line.pieces.reduce(0) { n, piece in
            if case .text(let r) = piece { return n + r.count } else { return n + engine.ellipsis.glyphs.count }
        })
        // Tabs reach their stops in the piece that starts the line (after an ellipsis they stay spaces).
        var tabs: [Int: CGFloat] = [:]
        if case .text(let r)? = line.pieces.first { tabs = try engine.tabWidths(in: r) }
        var text = ""
        var first = Int.max, last = 0
        // Justifiable spaces, by cluster: glyphs come in logical order, so a space cluster's glyphs are adjacent.
        var spaces = 0, lastSpace = -1
        for piece in line.pieces {
            switch piece {
            case .text(let r):
                let end = TextSegmentation.trimmingTrailingWhitespace(r, in: utf16).upperBound
                for g in shaped.glyphs[try shaped.glyphIndices(r.lowerBound..<end)] {
                    let isSpace = utf16[g.cluster] == 0x20 || utf16[g.cluster] == 0x3000
                    if isSpace, g.cluster != lastSpace { spaces += 1; lastSpace = g.cluster }
                    items.append(Item(glyph: g, level: shaped.levels[g.cluster], isSpace: isSpace, tabAdvance: tabs[g.cluster].map(Double.init)))
                }
                text += TextSegmentation.string(utf16[r.lowerBound..<end])
                first = min(first, r.lowerBound); last = max(last, r.upperBound)
            case .ellipsis:
                for g in engine.ellipsis.glyphs { items.append(Item(glyph: g, level: paragraphLevel, isSpace: false)) }
                text += "\u{2026}"
            }
        }
        return (items, text, first == Int.max ? 0..<0 : first..<last, paragraphLevel, spaces)
    }

    /// Pixel positions in visual order (UAX #9 L2): the pen advances in points × scale; glyph origins are
    /// quantised to ¼ px, baselines are whole pixels.
    private func position(_ items: [Item], x: CGFloat, baseline: CGFloat, extraPerSpace: CGFloat) throws -> [TextLayout.Glyph] {
        let size = engine.pointSize
        let pixelSize = size * Double(scale)
        let faces = shaped.faces
        var imageScales = [Double?](repeating: nil, count: faces.count)
        var penPx = Double(x * scale)
        let baselinePx = Double((baseline * scale).rounded())
        var glyphs: [TextLayout.Glyph] = []
        glyphs.reserveCapacity(items.count)
        for index in Bidi.visualOrder(levels: items.map { $0.level }) {
            let item = items[index], g = item.glyph
            let imageScale: Double
            if let known = imageScales[g.faceIndex] { imageScale = known } else {
                imageScale = try FontFace.load(faces[g.faceIndex]).imageScale(pixelSize: pixelSize)
                imageScales[g.faceIndex] = imageScale
            }
            let q = (penPx + g.xOffset * pixelSize) * 4
            glyphs.append(TextLayout.Glyph(font: faces[g.faceIndex], glyphID: g.glyphID, pixelSize: pixelSize,
                                           x: q.rounded() / 4, y: baselinePx - g.yOffset * pixelSize, imageScale: imageScale))
            penPx += item.tabAdvance.map { $0 * Double(scale) } ?? g.advance * pixelSize
            if item.isSpace { penPx += Double(extraPerSpace * scale) }
        }
        return glyphs
    }
}
