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
        /// What the line shows, in logical order: text ranges and the ellipsis.
        public var pieces: [LinePiece]
        /// Whether the line's paragraph is right-to-left (UAX #9); `.natural` alignment follows it.
        public var isRightToLeft: Bool
    }

    /// A glyph at its pixel position.
    public struct Glyph: Sendable {
        /// The face that draws the glyph.
        public var font: FontFile
        /// Glyph index in that face.
        public var glyphID: UInt32
        /// FreeType pixel size (pt × scale).
        public var pixelSize: Double
        /// Pen x, px, quantised to ¼ px.
        public var x: Double
        /// Baseline y, px (integer) minus the glyph's HarfBuzz y offset.
        public var y: Double
        /// Scale of a colour bitmap glyph's image (1 for outlines).
        public var imageScale: Double
    }

    /// The bounds laid out in, pt (as given; drawing is relative to their origin).
    public var bounds: CGRect
    /// Pixels per point.
    public var scale: CGFloat
    /// The rect the text is drawn in: `bounds.inset(by: insets)`, relative to the bounds' origin (the
    /// bitmap's top-left), like every rect and baseline here.
    public var textRect: CGRect
    /// The drawn lines, top to bottom.
    public var lines: [Line]
    /// Every drawn glyph at its pixel position, in visual order per line.
    public var glyphs: [Glyph]
    /// Point size the text is drawn at: `font.pointSize`, or smaller with `adjustsFontSizeToFitWidth`.
    public var fontSize: Double
    /// The label's `font.pointSize`.
    public var fontPointSize: Double
    /// The truncation mode applied, or nil when all the text is shown.
    public var truncation: LineBreakMode?
    /// Code points that no font in the chain covers (drawn as .notdef boxes).
    public var missingScalars: [Unicode.Scalar]
    /// Font files that supply at least one drawn glyph, primary first.
    public var fontsUsed: [FontFile]
    /// Bitmap size: `round(bounds × scale)`.
    public var pixelWidth: Int
    public var pixelHeight: Int
    // Styling carried to the rasteriser: colours are 8-bit sRGB straight alpha, lengths in pt.
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
        // One shaping serves both the intrinsic size (when there are no bounds) and the drawing.
        let engine = try engine()
        let b = try bounds ?? CGRect(origin: .zero, size: intrinsicSize(using: engine))
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
        // The bitmap's top-left is the bounds' origin, as a view draws its bounds: geometry is laid out
        // relative to it, so bounds at (50, 50) give the same picture as bounds at (0, 0).
        let rect = CGRect(origin: .zero, size: b.size).inset(by: insets)
        let fittingLines = engine.linesFitting(height: rect.height)
        let limit = numberOfLines == 0 ? fittingLines : min(numberOfLines, fittingLines)
        // adjustsFontSizeToFitWidth: a smaller font for the text, the original one for the baseline.
        let drawn = try shrunkToFit(engine, width: rect.width, lines: limit)
        let measured = try drawn.measure(maxWidth: rect.width, maxLines: limit)
        let lineHeight = engine.lineHeight
        let pitch = lineHeight + lineSpacing
        let blockHeight = engine.blockHeight(lines: measured.lines.count)
        let blockTop = rect.minY + (rect.height - blockHeight) / 2
        let metrics = engine.metrics
        let baselineOffset = metrics.ascender + (lineHeight - metrics.lineHeight)   // extra height goes above the text
        var lines: [TextLayout.Line] = []
        var glyphs: [TextLayout.Glyph] = []
        var used = Set<Int>()
        let shaped = drawn.shaped
        let utf16 = shaped.utf16
        let pixelSize = drawn.label.font.pointSize * Double(scale)
        for (i, line) in measured.lines.enumerated() {
            let baseline = ((blockTop + baselineOffset + CGFloat(i) * pitch) * scale).rounded() / scale
            // The line's glyphs in logical order with their bidi levels; trailing white space is not drawn.
            var items: [(glyph: ShapedGlyph, faces: [FontFile], level: UInt8)] = []
            var text = ""
            var first = Int.max, last = 0
            let firstOffset = line.pieces.lazy.compactMap { if case .text(let r) = $0 { return r.lowerBound } else { return nil } }.first ?? 0
            let paragraphLevel: UInt8 = firstOffset < shaped.paragraphLevels.count ? shaped.paragraphLevels[firstOffset]
                : effectiveLayoutDirection == .rightToLeft ? 1 : 0
            var spaceOffsets = Set<Int>()
            for piece in line.pieces {
                switch piece {
                case .text(let r):
                    let end = shaped.trimmingTrailingWhitespace(r).upperBound
                    for g in shaped.glyphs[shaped.glyphIndices(r.lowerBound..<end)] {
                        items.append((g, shaped.faces, shaped.levels[g.cluster]))
                        if utf16[g.cluster] == 0x20 || utf16[g.cluster] == 0x3000 { spaceOffsets.insert(g.cluster) }
                    }
                    text += String(decoding: utf16[r.lowerBound..<end], as: UTF16.self)
                    first = min(first, r.lowerBound); last = max(last, r.upperBound)
                case .ellipsis:
                    for g in drawn.ellipsis.glyphs { items.append((g, drawn.ellipsis.faces, paragraphLevel)) }
                    text += "\u{2026}"
                }
            }
            let rightToLeft = paragraphLevel & 1 == 1
            var x: CGFloat
            switch textAlignment {
            case .left: x = rect.minX
            case .right: x = rect.maxX - line.width
            case .center: x = rect.minX + (rect.width - line.width) / 2
            case .natural, .justified: x = rightToLeft ? rect.maxX - line.width : rect.minX
            }
            // Justified: spread the slack over the line's interior spaces, except on a paragraph's last line.
            var extraPerSpace: CGFloat = 0
            if textAlignment == .justified, !line.endsParagraph, line.pieces.count == 1, !spaceOffsets.isEmpty, rect.width > line.width {
                extraPerSpace = (rect.width - line.width) / CGFloat(spaceOffsets.count)
                x = rect.minX
            } else {
                spaceOffsets = []
            }
            // Visual order (UAX #9 L2); right-to-left runs come back in HarfBuzz's visual order.
            var penPx = Double(x * scale)
            let baselinePx = Double((baseline * scale).rounded())
            for index in Bidi.visualOrder(levels: items.map(\.level)) {
                let (g, faces, _) = items[index]
                if faces == shaped.faces { used.insert(g.faceIndex) }
                let q = (penPx + g.xOffset) * 4
                glyphs.append(TextLayout.Glyph(font: faces[g.faceIndex], glyphID: g.glyphID, pixelSize: pixelSize,
                                               x: q.rounded() / 4, y: baselinePx - g.yOffset, imageScale: g.imageScale))
                penPx += g.advance
                if spaceOffsets.contains(g.cluster) { penPx += Double(extraPerSpace * scale) }
            }
            let lineRect = CGRect(x: x, y: baseline - baselineOffset, width: line.width, height: lineHeight)
            lines.append(TextLayout.Line(text: text, range: first == Int.max ? 0..<0 : first..<last, rect: lineRect,
                                         baseline: baseline, pieces: line.pieces, isRightToLeft: rightToLeft))
        }
        let chain = font.chain
        return TextLayout(bounds: b, scale: scale, textRect: rect, lines: lines, glyphs: glyphs,
                          fontSize: drawn.label.font.pointSize, fontPointSize: font.pointSize,
                          truncation: measured.truncation, missingScalars: shaped.missingScalars,
                          fontsUsed: ([0] + used.sorted()).map { chain[$0] }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } },
                          pixelWidth: pw, pixelHeight: ph, textColor: textColor.resolved(for: userInterfaceStyle),
                          backgroundColor: backgroundColor.resolved(for: userInterfaceStyle),
                          cornerRadius: cornerRadius, borderWidth: borderWidth,
                          borderColor: borderColor.resolved(for: userInterfaceStyle))
    }
}

extension PaddedLabel {
    /// The layout engine for the drawn text: `engine` itself, or — for a single-line label with
    /// `adjustsFontSizeToFitWidth` whose text is wider than `width` — one at the largest point size, in
    /// steps of 1/64 pt down to `minimumScaleFactor × pointSize`, at which the text fits.
    func shrunkToFit(_ engine: LineLayout, width: CGFloat, lines: Int) throws -> LineLayout {
        // minimumScaleFactor 0 (the default) means no shrinking, as UIKit documents.
        guard adjustsFontSizeToFitWidth, lines == 1, minimumScaleFactor > 0, minimumScaleFactor < 1 else { return engine }
        let natural = try engine.measure(maxWidth: nil, maxLines: 1).size.width
        guard natural > width + layoutTolerance, natural > 0 else { return engine }
        let minimum = font.pointSize * minimumScaleFactor
        func fitting(at size: Double) throws -> (LineLayout, Bool) {
            var copy = self
            copy.font = font.withSize(size)
            let e = try LineLayout(label: copy)
            return (e, try e.measure(maxWidth: nil, maxLines: 1).size.width <= width + layoutTolerance)
        }
        // Advances are close to linear in the size: start from the proportional guess, then step down.
        var size = max(minimum, (font.pointSize * Double(width / natural) * 64).rounded(.down) / 64)
        var (candidate, fits) = try fitting(at: size)
        while !fits, size > minimum {
            size = max(minimum, size - 1.0 / 64)
            (candidate, fits) = try fitting(at: size)
        }
        return candidate
    }
}
