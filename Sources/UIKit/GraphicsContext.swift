import Foundation
package import LabelRendering
package import Imaging

/// The drawing a view's `draw(_:)` draws into (UIKit's current graphics context): the view's pixels at its traits'
/// scale, with the fill and stroke colours `UIColor.setFill()`/`setStroke()` set, and what `drawText(in:)` drew.
@MainActor package final class GraphicsContext {
    /// The context `draw(_:)` is drawing into (nil outside drawing).
    package static var current: GraphicsContext?
    package var bitmap: Bitmap
    package let scale: CGFloat
    /// The bounds' origin: drawing coordinates are the view's bounds coordinates.
    package let origin: CGPoint
    package let traits: UITraitCollection
    var fillColor = Color.black
    var strokeColor = Color.black
    /// The text the base `drawText(in:)` drew, in order.
    package var texts: [DrawnText] = []

    package init(bitmap: Bitmap, scale: CGFloat, origin: CGPoint, traits: UITraitCollection) {
        self.bitmap = bitmap; self.scale = scale; self.origin = origin; self.traits = traits
    }

    /// A shape in bounds coordinates, px.
    func pixels(_ shape: PathShape, outset: CGFloat = 0) -> CornerShape {
        let r = shape.rect.standardized.insetBy(dx: -outset, dy: -outset)
        let s = Double(scale)
        func grown(_ v: Double) -> Double { v > 0 ? (v + Double(outset)) * s : 0 }
        return CornerShape(x: Double(r.minX - origin.x) * s, y: Double(r.minY - origin.y) * s,
                           width: Double(r.width) * s, height: Double(r.height) * s,
                           radii: CornerRadii(topLeft: grown(shape.radii.topLeft), topRight: grown(shape.radii.topRight),
                                              bottomLeft: grown(shape.radii.bottomLeft), bottomRight: grown(shape.radii.bottomRight)),
                           curve: shape.curve)
    }
}

/// What the base `drawText(in:)` drew: the model label (the rect as its insets, the view's layer), its layout, and
/// the rect it was given.
package struct DrawnText: Sendable {
    package let label: PaddedLabel
    package let layout: TextLayout
    package let rect: CGRect
}

/// A rect with rounded corners, pt: what `UIBezierPath` draws.
package struct PathShape: Sendable, Hashable {
    package var rect: CGRect
    package var radii: CornerRadii
    package var curve: CornerCurve
}

/// A path of rects and rounded rects (`UIBezierPath`) filled or stroked into the current drawing (inside
/// `draw(_:)`) with the colour `UIColor.setFill()`/`setStroke()` set. A rounded rect's corners are Core Animation's
/// `.continuous` curve (DESIGN.md "To check on a device").
open class UIBezierPath {
    package var shapes: [PathShape]
    /// The stroke's width, pt, centred on the path (default 1).
    open var lineWidth: CGFloat = 1

    /// An empty path.
    public init() { shapes = [] }
    /// A rect.
    public init(rect: CGRect) { shapes = [PathShape(rect: rect, radii: .zero, curve: .circular)] }
    /// A rect with `cornerRadius` at every corner.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        shapes = [PathShape(rect: rect, radii: CornerRadii(uniform: Double(max(0, cornerRadius))), curve: .continuous)]
    }
    /// A rect with `cornerRadii.width` at the corners of `corners`.
    public init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        let r = Double(max(0, cornerRadii.width))
        func at(_ c: UIRectCorner) -> Double { corners.contains(c) ? r : 0 }
        shapes = [PathShape(rect: rect, radii: CornerRadii(topLeft: at(.topLeft), topRight: at(.topRight), bottomLeft: at(.bottomLeft),
                                                           bottomRight: at(.bottomRight)), curve: .continuous)]
    }
    /// Adds `path`'s shapes to this one.
    open func append(_ path: UIBezierPath) { shapes += path.shapes }
    /// The rect holding every shape.
    open var bounds: CGRect { shapes.map(\.rect).reduce(CGRect.null) { $0.union($1) } }
    /// The path as a `CGPath` (for `CALayer.shadowPath`).
    open var cgPath: CGPath { CGPath(shapes: shapes) }

    /// Fills the shapes with the fill colour, in the current drawing (nothing outside `draw(_:)`).
    @MainActor open func fill() {
        guard let context = GraphicsContext.current else { return }
        for shape in shapes { context.bitmap.fill(context.pixels(shape), color: context.fillColor) }
    }
    /// Strokes the shapes' outlines with the stroke colour, `lineWidth` centred on the path.
    @MainActor open func stroke() {
        guard let context = GraphicsContext.current, lineWidth > 0 else { return }
        for shape in shapes {
            context.bitmap.stroke(context.pixels(shape, outset: lineWidth / 2), lineWidth: Double(lineWidth * context.scale),
                                  color: context.strokeColor)
        }
    }
}

/// Fills `rect` with the current fill colour (`UIRectFill`).
@MainActor public func UIRectFill(_ rect: CGRect) { UIBezierPath(rect: rect).fill() }
