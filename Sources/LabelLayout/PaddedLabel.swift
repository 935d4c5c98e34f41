import Foundation
import Raster
import Typesetting

/// A `UILabel` subclass with edge insets, as a value: the model that LabelSnapshot lays out and renders.
/// Geometry is in points; pixels = points × `scale`. Defaults are UIKit's. Rules: DESIGN.md §2.
public struct PaddedLabel: Sendable {
    public var text: String
    public var font: Font
    public var textColor: Color = .black
    /// Fill of the bounds (default clear), inside `cornerRadius`.
    public var backgroundColor: Color = .clear
    /// Padding between the bounds and the text, pt.
    public var insets: EdgeInsets
    /// Maximum lines; 0 = unlimited (UIKit's default is 1).
    public var numberOfLines: Int = 1
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    public var textAlignment: TextAlignment = .natural
    /// Paragraph direction for `.natural` alignment and directional insets.
    public var layoutDirection: LayoutDirection = .leftToRight
    /// Width of the *text* (insets excluded) at which a multi-line label wraps for its
    /// `intrinsicContentSize`, pt; 0 = no preferred width (measured on one line).
    public var preferredMaxLayoutWidth: CGFloat = 0
    /// Corner radius of the background and border, pt.
    public var cornerRadius: CGFloat = 0
    /// Border drawn inside the bounds, pt (`CALayer.borderWidth`).
    public var borderWidth: CGFloat = 0
    public var borderColor: Color = .black
    /// Pixels per point: 1, 2 or 3 like `UIScreen.scale`.
    public var scale: CGFloat = 1
    /// The label's bounds, pt; nil = its `intrinsicContentSize` at the origin.
    public var bounds: CGRect?

    public init(_ text: String, font: Font = .default(size: 17), insets: EdgeInsets = .zero) {
        self.text = text
        self.font = font
        self.insets = insets
    }

    /// A label whose insets are given by leading/trailing edge, resolved for `layoutDirection`.
    public init(_ text: String, font: Font = .default(size: 17), directionalInsets: DirectionalEdgeInsets,
                layoutDirection: LayoutDirection = .leftToRight) {
        self.init(text, font: font, insets: directionalInsets.resolved(for: layoutDirection))
        self.layoutDirection = layoutDirection
    }

    // MARK: Sizing (UIKit's API)

    /// The label's natural size, pt: `(px(text width) + left + right, px(text height) + top + bottom)`.
    /// Text is measured on one line when `numberOfLines == 1` or `preferredMaxLayoutWidth == 0`,
    /// otherwise wrapped at `preferredMaxLayoutWidth`. Empty text keeps the padding.
    /// - Throws: `LabelError` for invalid properties or a font that cannot be loaded.
    public var intrinsicContentSize: CGSize {
        get throws {
            try validate()
            let wrapWidth: CGFloat? = (numberOfLines == 1 || preferredMaxLayoutWidth <= 0) ? nil : preferredMaxLayoutWidth
            return try paddedSize(of: measure(maxWidth: wrapWidth, maxLines: numberOfLines))
        }
    }

    /// The size that fits in `size`, pt: the text is wrapped at `size.width − left − right`
    /// (unconstrained when `size.width` is 0, infinite, NaN or ≥ `.greatestFiniteMagnitude`), then the
    /// insets are added back. Fixes the subclass bug that measured at the full width.
    /// - Throws: `LabelError`.
    public func sizeThatFits(_ size: CGSize) throws -> CGSize {
        try validate()
        let w = size.width
        let unconstrained = w == 0 || !w.isFinite || w >= .greatestFiniteMagnitude
        let maxWidth: CGFloat? = unconstrained ? nil : max(0, w - insets.horizontal)
        return try paddedSize(of: measure(maxWidth: maxWidth, maxLines: numberOfLines))
    }

    /// Sets the bounds to `width` × the fitting height, as the seeds' `bounds.didSet`: when
    /// `numberOfLines == 0`, `preferredMaxLayoutWidth = max(0, width − left − right)`.
    /// - Throws: `LabelError` (e.g. a NaN or negative width).
    public mutating func layout(width: CGFloat) throws {
        guard width.isFinite, width >= 0 else {
            throw LabelError.invalidBounds(CGRect(x: 0, y: 0, width: width, height: 0))
        }
        if numberOfLines == 0 { preferredMaxLayoutWidth = max(0, width - insets.horizontal) }
        let fitting = try sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
        bounds = CGRect(x: 0, y: 0, width: width, height: fitting.height)
    }

    /// UIKit's `textRect(forBounds:limitedToNumberOfLines:)` for a padded label: the rect of the text laid out
    /// in `bounds.inset(by: insets)`, outset by the insets again, pt.
    public func textRect(forBounds bounds: CGRect, limitedToNumberOfLines lines: Int) throws -> CGRect {
        try validate()
        let inner = bounds.inset(by: insets)
        let measured = try measure(maxWidth: inner.width, maxLines: lines)
        let text = CGSize(width: pixelCeil(measured.size.width, scale: scale),
                          height: pixelCeil(measured.size.height, scale: scale))
        return CGRect(x: inner.minX - insets.left, y: inner.minY - insets.top,
                      width: text.width + insets.horizontal, height: text.height + insets.vertical)
    }

    // MARK: Internals

    func paddedSize(of measured: MeasuredText) -> CGSize {
        CGSize(width: max(0, pixelCeil(measured.size.width, scale: scale) + insets.horizontal),
               height: max(0, pixelCeil(measured.size.height, scale: scale) + insets.vertical))
    }

    func measure(maxWidth: CGFloat?, maxLines: Int) throws -> MeasuredText {
        do {
            return try LineLayout(label: self).measure(maxWidth: maxWidth, maxLines: maxLines)
        } catch let e as TypesettingError { throw LabelError.font(e) }
    }

    func validate() throws {
        // At least 0.01: widths are pixels ÷ scale, and a denormal scale made them infinite.
        guard scale.isFinite, scale >= 0.01, scale <= 16 else { throw LabelError.invalidScale(scale) }
        guard insets.isFinite else { throw LabelError.invalidInsets(insets) }
        guard numberOfLines >= 0 else { throw LabelError.invalidNumberOfLines(numberOfLines) }
        for (name, value) in [("preferredMaxLayoutWidth", preferredMaxLayoutWidth), ("cornerRadius", cornerRadius),
                              ("borderWidth", borderWidth)] where !(value.isFinite && value >= 0) {
            throw LabelError.invalidProperty(name: name, value: value)
        }
        if let b = bounds, !(b.width.isFinite && b.height.isFinite && b.minX.isFinite && b.minY.isFinite) {
            throw LabelError.invalidBounds(b)
        }
        do { try font.validateSize() } catch let e as TypesettingError { throw LabelError.font(e) }
    }
}
