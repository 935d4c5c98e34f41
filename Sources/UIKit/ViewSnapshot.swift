import Foundation
package import Imaging

/// A view laid out and drawn as a snapshot does it: its pixels, the text its base `drawText(in:)` drew (the model
/// label and layout of each), its frame, and the calls its base methods made to its overridable ones.
package struct ViewSnapshotDrawing: Sendable {
    package var image: Bitmap
    package var texts: [DrawnText]
    package var frame: CGRect
    package var traits: UITraitCollection
    /// The calls, one per line, indented under the call that made them (empty unless traced).
    package var calls: [String]
}

extension UIView {
    /// Lays the view out as `layout` says and draws it with `traits` (over its superview's or the app's): the traits
    /// are delivered first (`traitCollectionDidChange(_:)`), and a layout direction or text size they give is the
    /// app's (`UIApplication.shared`) while the view is laid out and drawn. What the dispatch could not do (overrides
    /// calling each other, an attribute not drawn, a font that cannot be loaded) fails it. With `tracing`, the calls
    /// are recorded. This is the snapshot strategies' path, and the accessibility audit's: each drawn text's model
    /// label and layout carry its colours, fonts and truncation for those traits.
    /// - Throws: `ViewLayoutError` naming the view and what went wrong.
    package func snapshotDrawing(layout: ViewLayout, traits: UITraitCollection, tracing: Bool = false) throws -> ViewSnapshotDrawing {
        // The view's traits before the app's text size and direction change below: else a category given by `traits` is
        // already the view's when it is compared, and traitCollectionDidChange(_:) is not delivered.
        let previous = traitCollection
        let app = UIApplication.shared
        let (direction, category) = (app.userInterfaceLayoutDirection, app.preferredContentSizeCategory)
        defer { app.userInterfaceLayoutDirection = direction; app.preferredContentSizeCategory = category }
        if traits.layoutDirection != .unspecified { app.userInterfaceLayoutDirection = traits.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight }
        if traits.preferredContentSizeCategory != .unspecified { app.preferredContentSizeCategory = traits.preferredContentSizeCategory }
        let outer = DispatchTrace.current
        let trace = tracing ? DispatchTrace() : nil
        DispatchTrace.current = trace
        defer { DispatchTrace.current = outer }
        clearDispatchErrors()
        state.traitOverride = traits
        // Entering the snapshot's window delivers the traits even when they equal the view's (with no previous
        // collection), so every cell of a matrix is styled by traitCollectionDidChange alike (DocC "UIKit on Linux").
        deliverTraits(from: state.inSnapshotWindow ? previous : nil)
        state.inSnapshotWindow = true
        try layOut(for: layout)
        let drawn = try drawHierarchy()
        let errors = dispatchErrors()
        guard errors.isEmpty else { throw ViewLayoutError(errors.joined(separator: "\n")) }
        return ViewSnapshotDrawing(image: drawn.image, texts: drawn.texts, frame: frame, traits: traitCollection, calls: trace?.lines ?? [])
    }

    private func clearDispatchErrors() {
        state.errors = []
        for view in subviews { view.clearDispatchErrors() }
    }

    /// The errors the dispatch kept on this view and its subviews, in order.
    package func dispatchErrors() -> [String] { state.errors + subviews.flatMap { $0.dispatchErrors() } }
}
