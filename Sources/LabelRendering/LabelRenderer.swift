import Foundation
import LabelLayout
import Raster
import Typesetting

/// The raster stage: a `TextLayout` into an RGBA8 `Bitmap` of `round(bounds × scale)` pixels.
/// Order: background (with corner radius), glyphs (clipped to the bounds), border on top, inside the bounds.
public enum LabelRenderer {
    /// - Throws: `RasterError` if the bitmap cannot be allocated, `TypesettingError` if a font cannot be loaded.
    public static func render(_ layout: TextLayout) throws -> Bitmap {
        var bitmap = try Bitmap(width: layout.pixelWidth, height: layout.pixelHeight)
        let s = Double(layout.scale)
        let w = Double(layout.pixelWidth), h = Double(layout.pixelHeight)
        let radius = Double(layout.cornerRadius) * s
        if layout.backgroundColor.alpha > 0 {
            bitmap.fillRoundedRect(x: 0, y: 0, width: w, height: h, radius: radius, color: layout.backgroundColor)
        }
        // A glyph far outside the bitmap (huge negative insets or bounds origins) is invisible: skip it
        // rather than trap converting its position to Int.
        let reach = Double(PaddedLabel.maximumPixelDimension) + glyphReach(layout)
        for glyph in layout.glyphs where glyph.x.isFinite && glyph.y.isFinite && abs(glyph.x) < reach && abs(glyph.y) < reach {
            let face = try FontFace.load(glyph.font)
            let origin = glyph.x.rounded(.down)
            let phase = Int(((glyph.x - origin) * 4).rounded())
            let image = face.glyphImage(glyph.glyphID, pixelSize: glyph.pixelSize, phase: phase, imageScale: glyph.imageScale)
            guard image.width > 0, image.height > 0 else { continue }
            let left = Int(origin) + image.left, top = Int(glyph.y.rounded()) - image.top
            switch image.pixels {
            case .coverage(let coverage):
                coverage.withUnsafeBufferPointer {
                    bitmap.blendMask($0, maskWidth: image.width, maskHeight: image.height, pitch: image.width,
                                     color: layout.textColor, originX: left, originY: top)
                }
            case .premultipliedBGRA(let bgra):
                bgra.withUnsafeBufferPointer {
                    bitmap.blendPremultipliedBGRA($0, imageWidth: image.width, imageHeight: image.height,
                                                  pitch: image.width * 4, originX: left, originY: top)
                }
            }
        }
        if layout.borderWidth > 0, layout.borderColor.alpha > 0 {
            bitmap.strokeRoundedRect(x: 0, y: 0, width: w, height: h, radius: radius,
                                     lineWidth: Double(layout.borderWidth) * s, color: layout.borderColor)
        }
        return bitmap
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
