import Foundation
import Imaging

extension LabelRenderer {
    /// Draws what `render(_:)` draws between the background and the border — run backgrounds, attachments, the text
    /// shadow, the glyphs, underlines and strikethroughs — into `bitmap`, a view's drawing of the layout's pixel
    /// size (its top-left is the layout's bounds' origin). The same operations in the same order as `render(_:)`
    /// does per band, so a view whose layer draws the background and border around it gets `render(_:)`'s pixels.
    /// - Throws: `TypesettingError` if a font cannot be loaded.
    package static func drawText(_ layout: TextLayout, into bitmap: inout Bitmap) throws {
        guard bitmap.width > 0, bitmap.height > 0 else { return }
        let glyphs = try textGlyphs(layout, bitmapHeight: bitmap.height)
        let attachments = layout.attachments.isEmpty ? [] : try AttachmentDrawing.place(layout)
        let rows = 0..<bitmap.height
        let clip = PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height)
        for d in layout.decorations where d.kind == .background { fill(d, into: &bitmap, rows: rows) }
        for a in attachments { AttachmentDrawing.draw(a, into: &bitmap, rows: rows) }
        for g in glyphs { draw(g, color: g.color ?? layout.textColor, into: &bitmap, clip: clip) }
        for d in layout.decorations where d.kind != .background { fill(d, into: &bitmap, rows: rows) }
    }

    /// The corner shape, px, of a layer drawn by `label`'s background, border and clip properties in bounds of `size`
    /// pt at `label.scale`: `shape(_:)` of the label's layout, without laying any text out.
    package static func layerShape(of label: PaddedLabel, size: CGSize, widthPx: Int, heightPx: Int) -> CornerShape {
        let s = Double(label.scale)
        let radii = label.statesCorners ? label.cornerRadii(in: size).scaled(by: s) : CornerRadii(uniform: Double(label.cornerRadius) * s)
        return CornerShape(x: 0, y: 0, width: Double(widthPx), height: Double(heightPx), radii: radii, curve: label.cornerCurve)
    }
}
