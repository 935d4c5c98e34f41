import Foundation

/// A label's text shaped once, for measuring and laying it out again with other bounds, insets, layer or state
/// properties (the UIKit module's `textRect` and `drawText` calls on one label: one shaping per snapshot instead of
/// one per call). Valid for any label whose text, attributed text, font, language, colours, direction and paragraph
/// properties are those it was made from; the caller keeps that promise.
package struct ReusableShaping {
    let engine: LineLayout
}

extension PaddedLabel {
    /// The label's whole text shaped (lazily, as it is measured) for reuse.
    /// - Throws: `LabelError` for invalid properties or a font that cannot be loaded.
    package func reusableShaping() throws -> ReusableShaping {
        try validate()
        return ReusableShaping(engine: try engine())
    }

    /// `textRect(forBounds:limitedToNumberOfLines:)` with `shaping`'s text.
    /// - Throws: as `textRect(forBounds:limitedToNumberOfLines:)`.
    package func textRect(forBounds bounds: CGRect, limitedToNumberOfLines lines: Int, reusing shaping: ReusableShaping) throws -> CGRect {
        try validate()
        guard bounds.origin.x.isFinite, bounds.origin.y.isFinite, bounds.size.width >= 0, bounds.size.height >= 0 else {
            throw LabelError.invalidBounds(bounds)
        }
        guard lines >= 0 else { throw LabelError.invalidNumberOfLines(lines) }
        return try textRect(forBounds: bounds, limitedToNumberOfLines: lines, engine: shaping.engine)
    }

    /// `makeLayout()` with `shaping`'s text.
    /// - Throws: as `makeLayout()`.
    package func makeLayout(reusing shaping: ReusableShaping) throws -> TextLayout {
        try validate()
        return try makeLayout(using: shaping.engine)
    }
}
