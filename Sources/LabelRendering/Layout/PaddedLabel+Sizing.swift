import Foundation
import Imaging
import Typesetting

/// Sizing, with UIKit's names: intrinsic size, size that fits, layout at a width, text rect.
extension PaddedLabel {
    /// The label's natural size, pt: `(px(text width) + left + right, px(text height) + top + bottom)`.
    /// Text is measured on one line when `numberOfLines == 1` or `preferredMaxLayoutWidth == 0`,
    /// otherwise wrapped at `preferredMaxLayoutWidth`. Empty text keeps the padding.
    /// - Throws: `LabelError` for invalid properties or a font that cannot be loaded.
    public var intrinsicContentSize: CGSize {
        get throws {
            try validate()
            return try withEngine { try intrinsicSize(using: $0) }
        }
    }

    /// `intrinsicContentSize` measured with an engine already made for this label.
    func intrinsicSize(using engine: LineLayout) throws -> CGSize {
        let wrapWidth: CGFloat? = (drawnNumberOfLines == 1 || preferredMaxLayoutWidth <= 0 || PaddedLabel.isUnbounded(preferredMaxLayoutWidth))
            ? nil : preferredMaxLayoutWidth
        return paddedSize(of: try engine.measure(maxWidth: wrapWidth, maxLines: drawnNumberOfLines))
    }

    /// The layout engine (shaped text) for this label; font errors become `LabelError.font`. With `prefix`, of a
    /// prefix of a long text (`LineLayout.init`).
    func engine(shapingWholeText: Bool = false, prefix: Bool = false) throws -> LineLayout {
        do { return try LineLayout(label: self, shapingWholeText: shapingWholeText, prefix: prefix) } catch let e as TypesettingError { throw LabelError.font(e) }
    }

    /// `body` with an engine: first on a prefix of a long text, cut after a line feed or inside a long paragraph
    /// (docs/layout-rules.md, Early stop), and again on the whole text when the result could depend on what follows the
    /// prefix (`LineLayout.needsWholeText`). So the UTF-8 → UTF-16 conversion, like shaping, costs what is drawn and
    /// measured when the kept lines end early, and a result never differs from the whole text's. Without `prefix`,
    /// the whole text at once (tests).
    func withEngine<T>(shapingWholeText: Bool = false, prefix: Bool = true, _ body: (LineLayout) throws -> T) throws -> T {
        if !shapingWholeText, prefix {
            let first = try engine(prefix: true)
            do {
                let result = try body(first)
                if !first.needsWholeText { return result }
            } catch {
                // An error from a prefix read to its end (a size over the limits) may not be the whole text's.
                if !first.needsWholeText { throw error }
            }
        }
        return try body(engine(shapingWholeText: shapingWholeText))
    }

    /// The size that fits in `size`, pt, as UIKit's `sizeThatFits(_:)` of the padded subclass
    /// (`super.sizeThatFits(size − insets) + insets`): the text is wrapped at `size.width − left − right`, then the
    /// insets are added back; the height is not a limit. No width constrains it when `size.width` is 0, NaN or
    /// unbounded (`.infinity`, `.greatestFiniteMagnitude`, over `maximumLength`), nor when the text's width is 0 or
    /// less (a proposal no wider than the insets: `UILabel.sizeThatFits` takes a width of 0 as no constraint),
    /// nor when the label draws one line (`numberOfLines == 1`, or `.byTruncatingMiddle`): `UILabel` then answers the
    /// size of its whole line, wider than the proposal if need be (docs/layout-rules.md, sizeThatFits(size)). A proposal, so nothing in it throws.
    /// - Throws: `LabelError`.
    public func sizeThatFits(_ size: CGSize) throws -> CGSize { try sizeThatFits(size, shapingWholeText: false) }

    /// `sizeThatFits(_:)`; with `shapingWholeText` all of the text is shaped first, without `prefix` it is never
    /// measured from a prefix of a long text (tests).
    func sizeThatFits(_ size: CGSize, shapingWholeText: Bool, prefix: Bool = true) throws -> CGSize {
        try fittingSize(textWidth: drawnNumberOfLines == 1 ? nil : proposedTextWidth(size.width),
                        shapingWholeText: shapingWholeText, prefix: prefix)
    }

    /// The padded size of the text wrapped at `textWidth` (nil: no width limit), at most `drawnNumberOfLines`
    /// lines, pt: what `sizeThatFits(_:)` and `layout(width:)` measure, each with its own width rule.
    /// - Throws: `LabelError`.
    private func fittingSize(textWidth: CGFloat?, shapingWholeText: Bool = false, prefix: Bool = true) throws -> CGSize {
        try validate()
        return try withEngine(shapingWholeText: shapingWholeText, prefix: prefix) {
            paddedSize(of: try $0.measure(maxWidth: textWidth, maxLines: drawnNumberOfLines))
        }
    }

    /// The text's width in a proposal `width` wide, pt: nil (no constraint) for 0, NaN, an unbounded width, or a
    /// width no greater than the insets (a text width of 0 means no constraint, as `UILabel`'s own 0 does).
    func proposedTextWidth(_ width: CGFloat) -> CGFloat? {
        guard width != 0, !width.isNaN, !PaddedLabel.isUnbounded(width) else { return nil }
        let text = width - insets.horizontal
        return text > 0 ? text : nil
    }

    /// Sets the bounds to `width` × the fitting height, as the seeds' `bounds.didSet`: when
    /// `numberOfLines == 0`, `preferredMaxLayoutWidth = max(0, width − left − right)`; the height is the text's
    /// wrapped at that width (`sizeThatFits`' rule: a text width of 0 is no constraint, so one line, matching the
    /// intrinsic size a `preferredMaxLayoutWidth` of 0 gives). A one-line label is measured within the width,
    /// which gives the one line's height without reading the rest of a long paragraph.
    /// - Throws: `LabelError` (e.g. a NaN or negative width).
    public mutating func layout(width: CGFloat) throws {
        guard width.isFinite, width >= 0, width <= PaddedLabel.maximumLength else {
            throw LabelError.invalidBounds(CGRect(x: 0, y: 0, width: width, height: 0))
        }
        if numberOfLines == 0 { preferredMaxLayoutWidth = max(0, width - insets.horizontal) }
        let fitting = try fittingSize(textWidth: proposedTextWidth(width))
        bounds = CGRect(x: 0, y: 0, width: width, height: fitting.height)
    }

    /// UIKit's `textRect(forBounds:limitedToNumberOfLines:)` for a padded label: the rect of the text laid out
    /// in `bounds.inset(by: insets)` (at most `lines` lines, 0 = no limit, and the whole lines that fit its
    /// height), outset by the insets again, pt. An unbounded width or height (`.infinity`,
    /// `.greatestFiniteMagnitude`, anything over `maximumLength`: ``isUnbounded(_:)``) is no limit on that side.
    /// - Throws: `LabelError.invalidBounds` for a non-finite origin or a NaN or negative size,
    ///   `LabelError.invalidNumberOfLines` for `lines < 0`, and as `intrinsicContentSize`.
    public func textRect(forBounds bounds: CGRect, limitedToNumberOfLines lines: Int) throws -> CGRect {
        try validate()
        guard bounds.origin.x.isFinite, bounds.origin.y.isFinite, bounds.size.width >= 0, bounds.size.height >= 0 else {
            throw LabelError.invalidBounds(bounds)   // NaN fails `>= 0`
        }
        guard lines >= 0 else { throw LabelError.invalidNumberOfLines(lines) }
        return try withEngine { try textRect(forBounds: bounds, limitedToNumberOfLines: lines, engine: $0) }
    }

    /// `textRect(forBounds:limitedToNumberOfLines:)` with an engine made for this label's text, once validated.
    func textRect(forBounds bounds: CGRect, limitedToNumberOfLines lines: Int, engine: LineLayout) throws -> CGRect {
        // .infinity as .greatestFiniteMagnitude: insetting and centring stay finite.
        var bounds = bounds
        bounds.size.width = min(bounds.size.width, .greatestFiniteMagnitude)
        bounds.size.height = min(bounds.size.height, .greatestFiniteMagnitude)
        let inner = bounds.inset(by: insets)
        // As drawing does: at most the whole lines that fit the inset rect's height (at least one).
        let (_, measured) = try drawnText(engine, in: inner, numberOfLines: drawnNumberOfLines(lines))
        let text = CGSize(width: pixelCeil(measured.size.width, scale: scale),
                          height: pixelCeil(measured.size.height, scale: scale))
        return CGRect(x: inner.minX - insets.left, y: inner.minY - insets.top,
                      width: text.width + insets.horizontal, height: text.height + insets.vertical)
    }
}
