import Foundation
import Imaging
import Typesetting

/// The raster stage: a `TextLayout` into an RGBA8 `Bitmap` of `round(bounds × scale)` pixels.
/// Order: background (in the corner shape), the text shadow, glyphs (clipped to the bounds, or to the shape with `clipsToBounds`),
/// border on top, inside the bounds; then, below an `alpha` of 1, every pixel's alpha × `alpha` (one group opacity).
///
/// A bitmap larger than the cache (a long text: 800×4239 px is 13.5 MB) is drawn in bands of rows of about
/// `bandBytes`, each band's background, glyphs and border while its rows are in the cache: drawn whole, the
/// background's pass evicted the rows before the glyphs came back to them, and the render grew faster than
/// its pixels (the text ×10 → time growth row of `make bench`). Every pixel still sees the same operations in the same order.
public enum LabelRenderer {
    /// The size of a band of rows, bytes: well inside a core's L2 cache.
    static let bandBytes = 256 << 10

    /// - Throws: `RasterError` if the bitmap cannot be allocated, `TypesettingError` if a font cannot be loaded.
    public static func render(_ layout: TextLayout) throws -> Bitmap {
        try render(layout, bandBytes: bandBytes)
    }

    /// `render(_:)` with bands of about `bandBytes` bytes of rows (at least one row).
    static func render(_ layout: TextLayout, bandBytes: Int) throws -> Bitmap {
        var bitmap = try Bitmap(width: layout.pixelWidth, height: layout.pixelHeight)
        guard bitmap.width > 0, bitmap.height > 0 else { return bitmap }
        let s = Double(layout.scale)
        let shape = self.shape(layout)
        let clips = layout.clipsToBounds && shape.radii != .zero
        let glyphs = try textGlyphs(layout, bitmapHeight: bitmap.height)
        let attachments = layout.attachments.isEmpty ? [] : try AttachmentDrawing.place(layout)
        // Each band's glyphs, in layout order (the order they composite in where they overlap).
        let bandRows = max(1, min(bitmap.height, bandBytes / (bitmap.width * 4)))
        let bandCount = (bitmap.height + bandRows - 1) / bandRows
        var bands = [[Int]](repeating: [], count: bandCount)
        var i = 0
        while i < glyphs.count {
            let g = glyphs[i]
            var band = min(bandCount - 1, max(0, g.top) / bandRows)
            let last = (min(bitmap.height, g.top + g.image.height) - 1) / bandRows
            while band <= last { bands[band].append(i); band += 1 }
            i += 1
        }
        var band = 0
        while band < bandCount {
            let rows = band * bandRows..<min(bitmap.height, (band + 1) * bandRows)
            if layout.backgroundColor.alpha > 0 {
                bitmap.fill(shape, color: layout.backgroundColor, rows: rows)
            }
            // clipsToBounds: what the content draws in this band is seen through the shape.
            let saved = clips ? Array(bitmap.pixels[rows.lowerBound * bitmap.width * 4..<rows.upperBound * bitmap.width * 4]) : []
            let clip = PixelRect(x: 0, y: rows.lowerBound, width: bitmap.width, height: rows.count)
            // Attributed text: run backgrounds under the glyphs, attachments with them, lines over them (as TextKit).
            for d in layout.decorations where d.kind == .background { fill(d, into: &bitmap, rows: rows) }
            for a in attachments { AttachmentDrawing.draw(a, into: &bitmap, rows: rows) }
            for index in bands[band] { draw(glyphs[index], color: glyphs[index].color ?? layout.textColor, into: &bitmap, clip: clip) }
            for d in layout.decorations where d.kind != .background { fill(d, into: &bitmap, rows: rows) }
            if clips { bitmap.clip(to: shape, since: saved, firstRow: rows.lowerBound, rows: rows) }
            if layout.borderWidth > 0, layout.borderColor.alpha > 0 {
                bitmap.stroke(shape, lineWidth: Double(layout.borderWidth) * s, color: layout.borderColor, rows: rows)
            }
            // UIView.alpha: the band's finished pixels at the group opacity (no pass at all at 1).
            if layout.alpha < 1 { bitmap.scaleAlpha(by: layout.alpha, rows: rows) }
            band += 1
        }
        return bitmap
    }

    /// The shape of the bounds, px, that the background fills, the border strokes and `clipsToBounds` clips to: the
    /// corners resolved in points, in pixels (a plain `cornerRadius` is clamped in pixels only, so it draws exactly as
    /// it always did).
    package static func shape(_ layout: TextLayout) -> CornerShape {
        let s = Double(layout.scale)
        let radii = layout.statesCorners ? layout.cornerRadii.scaled(by: s) : CornerRadii(uniform: Double(layout.cornerRadius) * s)
        return CornerShape(x: 0, y: 0, width: Double(layout.pixelWidth), height: Double(layout.pixelHeight), radii: radii, curve: layout.cornerCurve)
    }

    /// The glyphs drawn, in order: with a text shadow, every glyph again first (under all the text), offset, in the
    /// shadow colour (UILabel's `shadowColor`).
    static func textGlyphs(_ layout: TextLayout, bitmapHeight: Int) throws -> [PlacedGlyph] {
        let glyphs = try placedGlyphs(layout, bitmapHeight: bitmapHeight)
        guard let shadow = layout.shadowColor, shadow.alpha > 0 else { return glyphs }
        let (dx, dy) = layout.shadowOffsetPixels
        return glyphs.compactMap { g -> PlacedGlyph? in
            guard g.top + dy < bitmapHeight, g.top + dy + g.image.height > 0 else { return nil }
            return PlacedGlyph(image: g.image, left: g.left + dx, top: g.top + dy, color: shadow, isShadow: true)
        } + glyphs
    }

    /// A glyph's image and its top-left pixel in the bitmap.
    struct PlacedGlyph {
        let image: GlyphImage
        let left, top: Int
        /// The run's colour (attributed text), else the layout's text colour.
        var color: Color? = nil
        /// A text shadow's glyph: a colour image draws as its alpha in `color`.
        var isShadow = false
    }

    /// A decoration's rect, anti-aliased at fractional edges.
    static func fill(_ d: TextLayout.Decoration, into bitmap: inout Bitmap, rows: Range<Int>) {
        guard d.width > 0, d.height > 0, d.color.alpha > 0, d.x.isFinite, d.y.isFinite, d.width.isFinite, d.height.isFinite else { return }
        bitmap.fillRoundedRect(x: d.x, y: d.y, width: d.width, height: d.height, radius: 0, color: d.color, rows: rows)
    }

    /// The glyph images of the layout that reach rows of the bitmap, in layout order.
    static func placedGlyphs(_ layout: TextLayout, bitmapHeight: Int) throws -> [PlacedGlyph] {
        // A glyph far outside the bitmap (huge negative insets or bounds origins) is invisible: skip it
        // rather than trap converting its position to Int.
        let reach = Double(PaddedLabel.maximumPixelDimension) + glyphReach(layout)
        var placed: [PlacedGlyph] = []
        for glyph in layout.glyphs where glyph.x.isFinite && glyph.y.isFinite && abs(glyph.x) < reach && abs(glyph.y) < reach {
            let face = try FontFace.load(glyph.font)
            let origin = glyph.x.rounded(.down)
            let phase = Int(((glyph.x - origin) * 4).rounded())
            let image = face.glyphImage(glyph.glyphID, pixelSize: glyph.pixelSize, phase: phase, imageScale: glyph.imageScale)
            let top = Int(glyph.y.rounded()) - image.top
            guard image.width > 0, image.height > 0, top < bitmapHeight, top + image.height > 0 else { continue }
            placed.append(PlacedGlyph(image: image, left: Int(origin) + image.left, top: top, color: glyph.color))
        }
        return placed
    }

    static func draw(_ glyph: PlacedGlyph, color: Color, into bitmap: inout Bitmap, clip: PixelRect) {
        let image = glyph.image
        switch image.pixels {
        case .coverage(let coverage):
            coverage.withUnsafeBufferPointer {
                bitmap.blendMask($0, maskWidth: image.width, maskHeight: image.height, pitch: image.width,
                                 color: color, originX: glyph.left, originY: glyph.top, clip: clip)
            }
        case .premultipliedBGRA(let bgra) where glyph.isShadow:
            var alphaMask = [UInt8](repeating: 0, count: image.width * image.height)
            var i = 0
            while i < alphaMask.count { alphaMask[i] = bgra[i * 4 + 3]; i += 1 }
            alphaMask.withUnsafeBufferPointer {
                bitmap.blendMask($0, maskWidth: image.width, maskHeight: image.height, pitch: image.width,
                                 color: color, originX: glyph.left, originY: glyph.top, clip: clip)
            }
        case .premultipliedBGRA(let bgra):
            bgra.withUnsafeBufferPointer {
                bitmap.blendPremultipliedBGRA($0, imageWidth: image.width, imageHeight: image.height,
                                              pitch: image.width * 4, originX: glyph.left, originY: glyph.top, clip: clip)
            }
        }
    }
}

/// How far (px) a glyph image can reach from its origin: a generous multiple of the largest pixel size.
private func glyphReach(_ layout: TextLayout) -> Double {
    4 * (layout.glyphs.map(\.pixelSize).max() ?? 0) + 1024
}

extension PaddedLabel {
    /// Lays the label out in its `bounds` (default: `intrinsicContentSize`) and rasterises it:
    /// RGBA8, `round(bounds × scale)` pixels, straight alpha.
    /// - Throws: `LabelError`, `RasterError` or `TypesettingError`.
    public func render() throws -> Bitmap {
        try LabelRenderer.render(makeLayout())
    }
}
