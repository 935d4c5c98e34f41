import Foundation
internal import LabelRendering
package import Imaging

/// A view drawn as Core Animation composites it: what `draw(_:)` drew, and the text the base `drawText(in:)` drew.
package struct ViewDrawing {
    package var image: Bitmap
    package var texts: [DrawnText]
}

extension UIView {
    /// Draws the view and its subviews at its bounds' size and its traits' scale, as Core Animation does: the
    /// layer's background inside its corner shape, `draw(bounds)` (with the traits current), the subviews in order
    /// at their frames, the clip to the shape (`clipsToBounds`), the border over everything, the opacity of the
    /// whole; then its shadow under it (none with `clipsToBounds`). The same operations, in the same order, as the
    /// model's renderer draws a `PaddedLabel`, so a label drawn either way has the same pixels. A hidden view draws
    /// transparent pixels.
    /// - Throws: `ViewLayoutError` for bounds too large or not finite.
    package func drawHierarchy() throws -> ViewDrawing {
        let traits = traitCollection
        let scale = traits.scale
        let size = bounds.size
        let side = Double(PaddedLabel.maximumPixelDimension)
        let wpx = (size.width * scale).rounded(), hpx = (size.height * scale).rounded()
        guard wpx >= 0, hpx >= 0, wpx <= side, hpx <= side, wpx * hpx <= Double(PaddedLabel.maximumPixelCount) else {
            throw ViewLayoutError("\(type(of: self)) cannot be drawn at \(DispatchTrace.describe(size)) pt × \(DispatchTrace.number(scale)): "
                + "its size in pixels must be finite, at least 0 and at most \(PaddedLabel.maximumPixelDimension) px a side")
        }
        var image = try Bitmap(width: Int(wpx), height: Int(hpx))
        guard !isHidden, image.width > 0, image.height > 0 else { return ViewDrawing(image: image, texts: []) }
        // Only the layer's properties are read (the default font would look the system font's face up).
        var layerLabel = PaddedLabel("", font: .default(size: 17))
        applyLayer(to: &layerLabel, traits: traits)
        let shape = LabelRenderer.layerShape(of: layerLabel, size: size, widthPx: image.width, heightPx: image.height)
        if layerLabel.backgroundColor.alpha > 0 { image.fill(shape, color: layerLabel.backgroundColor) }
        let clips = layer.masksToBounds && shape.radii != .zero
        let saved = clips ? image.pixels : []
        let context = GraphicsContext(bitmap: image, scale: scale, origin: bounds.origin, traits: traits)
        let outer = GraphicsContext.current
        GraphicsContext.current = context
        let whole = bounds
        DispatchTrace.call(self, "draw(\(DispatchTrace.describe(whole)))") { traits.performAsCurrent { draw(whole) } }
        GraphicsContext.current = outer
        image = context.bitmap
        var texts = context.texts
        for view in subviews where !view.isHidden && view.alpha > 0 {
            let drawn = try view.drawHierarchy()
            let frame = view.frame
            image.composite(drawn.image, x: Int(((frame.minX - whole.minX) * scale).rounded()), y: Int(((frame.minY - whole.minY) * scale).rounded()))
            texts += drawn.texts
        }
        let rows = 0..<image.height
        if clips { image.clip(to: shape, since: saved, rows: rows) }
        if layerLabel.borderWidth > 0, layerLabel.borderColor.alpha > 0 {
            image.stroke(shape, lineWidth: Double(layerLabel.borderWidth * scale), color: layerLabel.borderColor)
        }
        if layerLabel.drawnAlpha < 1 { image.scaleAlpha(by: Double(layerLabel.drawnAlpha), rows: rows) }
        if !layer.masksToBounds, layer.shadowOpacity > 0, let color = layer.shadowColor?.color, color.alpha > 0 {
            image = try LayerShadow.under(image, color: color, opacity: Double(min(1, layer.shadowOpacity)),
                                          offset: (Double(layer.shadowOffset.width * scale), Double(layer.shadowOffset.height * scale)),
                                          sigma: Double(max(0, layer.shadowRadius) * scale),
                                          path: layer.shadowPath.map { path in path.shapes.map { pixels($0, scale: scale) } })
        }
        return ViewDrawing(image: image, texts: texts)
    }

    /// A path's shape in this view's bounds coordinates, px.
    private func pixels(_ shape: PathShape, scale: CGFloat) -> CornerShape {
        let r = shape.rect.standardized, s = Double(scale)
        return CornerShape(x: Double(r.minX - bounds.minX) * s, y: Double(r.minY - bounds.minY) * s, width: Double(r.width) * s,
                           height: Double(r.height) * s, radii: shape.radii.scaled(by: s), curve: shape.curve)
    }
}

extension Bitmap {
    /// Composites `top` (straight alpha) over this bitmap with its top-left at pixel (`x`, `y`), source-over.
    mutating func composite(_ top: Bitmap, x: Int, y: Int) {
        for ty in 0..<top.height where y + ty >= 0 && y + ty < height {
            for tx in 0..<top.width where x + tx >= 0 && x + tx < width {
                let c = top[tx, ty]
                if c.alpha > 0 { blend(c, coverage: 255, x: x + tx, y: y + ty) }
            }
        }
    }
}
