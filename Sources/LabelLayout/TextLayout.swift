import Foundation
import Raster
import Typesetting

/// A label laid out in its bounds, ready to rasterise: the output of the layout stage.
/// Geometry in points unless named `…Px`.
public struct TextLayout: Sendable {
    /// One drawn line.
    public struct Line: Sendable, Equatable {
        /// The drawn text, with "…" where truncated.
        public var text: String
        /// UTF-16 range of the label's text the line shows (first to last shown unit).
        public var range: Range<Int>
        /// The line's box, pt: x from alignment, width = line width, height = line height.
        public var rect: CGRect
        /// Baseline y, pt, pixel-aligned.
        public var baseline: CGFloat
        public var pieces: [LinePiece]
    }

    /// A glyph at its pixel position.
    public struct Glyph: Sendable {
        public var font: FontFile
        public var glyphID: UInt32
        /// FreeType pixel size (pt × scale).
        public var pixelSize: Double
        /// Pen x, px, quantised to ¼ px.
        public var x: Double
        /// Baseline y, px (integer) minus the glyph's HarfBuzz y offset.
        public var y: Double
        public var imageScale: Double
    }

    public var bounds: CGRect
    public var scale: CGFloat
    /// The rect the text is drawn in: `bounds.inset(by: insets)`.
    public var textRect: CGRect
    public var lines: [Line]
    public var glyphs: [Glyph]
    /// The truncation mode applied, or nil when all the text is shown.
    public var truncation: LineBreakMode?
    /// Code points that no font in the chain covers (drawn as .notdef boxes).
    public var missingScalars: [Unicode.Scalar]
    /// Font files that supply at least one drawn glyph, primary first.
    public var fontsUsed: [FontFile]
    /// Bitmap size: `round(bounds × scale)`.
    public var pixelWidth: Int
    public var pixelHeight: Int
    // Styling carried to the rasteriser.
    public var textColor: Color
    public var backgroundColor: Color
    public var cornerRadius: CGFloat
    public var borderWidth: CGFloat
    public var borderColor: Color
}

extension PaddedLabel {
    /// Largest rendered bitmap, in pixels (64 Mpx).
    public static let maximumPixelCount = 1 << 26
    /// Longest side of a rendered bitmap, in pixels: a label 100000 px wide is rejected, however thin.
    public static let maximumPixelDimension = 1 << 15

    /// The label laid out in `bounds` (default: its `intrinsicContentSize` at the origin), as `drawText(in:)`:
    /// text rect = `bounds.inset(by: insets)`; lines limited by `numberOfLines` and by the whole lines
    /// that fit the rect's height (at least one); the block centred vertically; baselines on the pixel grid.
    /// - Throws: `LabelError` for invalid properties, oversized bitmaps or font errors.
    public func makeLayout() throws -> TextLayout {
        try validate()
        let b = try bounds ?? CGRect(origin: .zero, size: intrinsicContentSize)
        guard b.size.width >= 0, b.size.height >= 0 else { throw LabelError.invalidBounds(b) }
        // Checked in floating point before any conversion to Int (a huge or infinite size must throw,
        // not trap) and before anything is allocated.
        let wpx = (b.size.width * scale).rounded(), hpx = (b.size.height * scale).rounded()
        let side = Double(PaddedLabel.maximumPixelDimension)
        guard wpx <= side, hpx <= side, wpx * hpx <= Double(PaddedLabel.maximumPixelCount) else {
            func clamped(_ v: Double) -> Int { v.isNaN ? 0 : v >= 0x1p62 ? Int.max : Int(v) }
            throw LabelError.tooLarge(widthPx: clamped(wpx), heightPx: clamped(hpx), limit: PaddedLabel.maximumPixelCount)
        }
        let pw = Int(wpx), ph = Int(hpx)
        let engine: LineLayout
        do { engine = try LineLayout(label: self) } catch let e as TypesettingError { throw LabelError.font(e) }
        let rect = b.inset(by: insets)
        let lineHeight = engine.lineHeight
        // Negative insets can make the rect far taller than the bitmap: the count is capped, never trapped on.
        let fitting = ((rect.height + 1e-6) / lineHeight).rounded(.down)
        let fittingLines = lineHeight > 0 && fitting.isFinite ? max(1, Int(min(fitting, 1e9))) : 1
        let limit = numberOfLines == 0 ? fittingLines : min(numberOfLines, fittingLines)
        let measured = try engine.measure(maxWidth: rect.width, maxLines: limit)

        let blockHeight = CGFloat(measured.lines.count) * lineHeight
        let blockTop = rect.minY + (rect.height - blockHeight) / 2
        let metrics = engine.metrics
        let naturalIsRight = layoutDirection == .rightToLeft
        var lines: [TextLayout.Line] = []
        var glyphs: [TextLayout.Glyph] = []
        var used = Set<Int>()
        let utf16 = engine.shaped.utf16
        // Glyph indices grouped by cluster (a stable counting sort): a line finds its glyphs without
        // scanning every glyph of the text, which made drawing many lines of a long text quadratic.
        let shapedGlyphs = engine.shaped.glyphs
        var clusterStart = [Int](repeating: 0, count: utf16.count + 2)
        for g in shapedGlyphs { clusterStart[min(max(g.cluster, 0), utf16.count) + 1] += 1 }
        for i in 0..<(clusterStart.count - 1) { clusterStart[i + 1] += clusterStart[i] }
        var glyphOrder = [Int](repeating: 0, count: shapedGlyphs.count)
        var fill = clusterStart
        for (i, g) in shapedGlyphs.enumerated() {
            let c = min(max(g.cluster, 0), utf16.count)
            glyphOrder[fill[c]] = i; fill[c] += 1
        }
        /// Indices of the glyphs whose cluster is in `range`, in shaping order.
        func glyphIndices(_ range: Range<Int>) -> [Int] {
            glyphOrder[clusterStart[range.lowerBound]..<clusterStart[range.upperBound]].sorted()
        }
        for (i, line) in measured.lines.enumerated() {
            let baseline = ((blockTop + metrics.ascender + CGFloat(i) * lineHeight) * scale).rounded() / scale
            var x: CGFloat
            switch textAlignment {
            case .left: x = rect.minX
            case .right: x = rect.maxX - line.width
            case .center: x = rect.minX + (rect.width - line.width) / 2
            case .natural, .justified: x = naturalIsRight ? rect.maxX - line.width : rect.minX
            }
            // Justified: spread the slack over the line's interior spaces, except on a paragraph's last line.
            var extraPerSpace: CGFloat = 0
            var spaceOffsets = Set<Int>()
            if textAlignment == .justified, !line.endsParagraph, case .text(let r)? = line.pieces.first, line.pieces.count == 1 {
                var end = r.upperBound
                while end > r.lowerBound, TextSegmentation.isTrailingWhitespace(utf16[end - 1]) { end -= 1 }
                spaceOffsets = Set((r.lowerBound..<end).filter { utf16[$0] == 0x20 || utf16[$0] == 0x3000 })
                if !spaceOffsets.isEmpty, rect.width > line.width {
                    extraPerSpace = (rect.width - line.width) / CGFloat(spaceOffsets.count)
                    x = rect.minX
                }
            }
            var penPx = Double(x * scale)
            let baselinePx = Double((baseline * scale).rounded())
            func place(_ g: ShapedGlyph, from font: [FontFile], pixelSize: Double) {
                let q = (penPx + g.xOffset) * 4
                glyphs.append(TextLayout.Glyph(font: font[g.faceIndex], glyphID: g.glyphID, pixelSize: pixelSize,
                                               x: q.rounded() / 4, y: baselinePx - g.yOffset, imageScale: g.imageScale))
                penPx += g.advance
            }
            let pixelSize = font.pointSize * Double(scale)
            var text = ""
            var first = Int.max, last = 0
            for piece in line.pieces {
                switch piece {
                case .text(let r):
                    var end = r.upperBound
                    while end > r.lowerBound, TextSegmentation.isTrailingWhitespace(utf16[end - 1]) { end -= 1 }
                    for g in glyphIndices(r.lowerBound..<end).map({ shapedGlyphs[$0] }) {
                        used.insert(g.faceIndex)
                        place(g, from: engine.shaped.faces, pixelSize: pixelSize)
                        if spaceOffsets.contains(g.cluster) { penPx += Double(extraPerSpace * scale) }
                    }
                    text += String(decoding: utf16[r.lowerBound..<end], as: UTF16.self)
                    first = min(first, r.lowerBound); last = max(last, r.upperBound)
                case .ellipsis:
                    for g in engine.ellipsis.glyphs { place(g, from: engine.ellipsis.faces, pixelSize: pixelSize) }
                    text += "\u{2026}"
                }
            }
            let lineRect = CGRect(x: x, y: baseline - metrics.ascender, width: line.width, height: lineHeight)
            lines.append(TextLayout.Line(text: text, range: first == Int.max ? 0..<0 : first..<last, rect: lineRect,
                                         baseline: baseline, pieces: line.pieces))
        }
        let chain = font.chain
        return TextLayout(bounds: b, scale: scale, textRect: rect, lines: lines, glyphs: glyphs,
                          truncation: measured.truncation, missingScalars: engine.shaped.missingScalars,
                          fontsUsed: ([0] + used.sorted()).map { chain[$0] }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } },
                          pixelWidth: pw, pixelHeight: ph, textColor: textColor, backgroundColor: backgroundColor,
                          cornerRadius: cornerRadius, borderWidth: borderWidth, borderColor: borderColor)
    }
}
