import Foundation
package import LabelRendering
internal import Typesetting

// UILabel's base methods, as UIKit's call one another (the section "UIKit's dispatch" of the DocC article "UIKit on
// Linux" gives each rule and its source). Each call to an overridable method goes through `self`, so a subclass's
// override answers it; each is recorded while a snapshot traces the view. Errors (a font that cannot be loaded, an
// invalid property) cannot be thrown through UIKit's signatures: they are kept on the view and fail its snapshot.

extension UILabel {
    private typealias Trace = DispatchTrace

    /// Rounds a length up to the pixel grid of the label's traits.
    func pixelRounded(_ v: CGFloat) -> CGFloat { v.isFinite ? pixelCeil(v, scale: traitCollection.scale) : v }

    func baseIntrinsicContentSize() -> CGSize {
        let lines = numberOfLines
        // `.byTruncatingMiddle` draws one line whatever `numberOfLines` says: measured, like one line, unbounded.
        let multiLine = lines != 1 && lineBreakMode != .byTruncatingMiddle
        let width: CGFloat
        if multiLine, preferredMaxLayoutWidth > 0 { width = preferredMaxLayoutWidth }
        else if multiLine, preferredMaxLayoutWidth == 0, let automatic = state.automaticLayoutWidth { width = automatic }
        else { width = unboundedLength }
        let asked = CGRect(x: 0, y: 0, width: width, height: unboundedLength)
        let rect = Trace.base(self, "intrinsicContentSize", calling: "textRect(forBounds:limitedToNumberOfLines:)", stopped: CGRect.zero) {
            Trace.call(self, "intrinsicContentSize → textRect(forBounds: \(Trace.describe(asked)), limitedToNumberOfLines: \(lines))", answered: true) {
                textRect(forBounds: asked, limitedToNumberOfLines: lines)
            }
        }
        return CGSize(width: pixelRounded(rect.width), height: pixelRounded(rect.height))
    }

    func baseSizeThatFits(_ size: CGSize) -> CGSize {
        let lines = numberOfLines
        let oneLine = lines == 1 || lineBreakMode == .byTruncatingMiddle
        let width = oneLine || !(size.width > 0) || size.width > unboundedLength ? unboundedLength : size.width
        let asked = CGRect(x: 0, y: 0, width: width, height: unboundedLength)
        let rect = Trace.base(self, "sizeThatFits(_:)", calling: "textRect(forBounds:limitedToNumberOfLines:)", stopped: CGRect.zero) {
            Trace.call(self, "sizeThatFits → textRect(forBounds: \(Trace.describe(asked)), limitedToNumberOfLines: \(lines))", answered: true) {
                textRect(forBounds: asked, limitedToNumberOfLines: lines)
            }
        }
        return CGSize(width: pixelRounded(rect.width), height: pixelRounded(rect.height))
    }

    func baseDraw(_ rect: CGRect) {
        let whole = bounds
        Trace.base(self, "draw(_:)", calling: "drawText(in:)", stopped: ()) {
            Trace.call(self, "draw → drawText(in: \(Trace.describe(whole)))") { drawText(in: whole) }
        }
    }

    func baseTextRect(forBounds asked: CGRect, limitedToNumberOfLines lines: Int) -> CGRect {
        // A rect inset past nothing (a negative or NaN side) lays the text out in no room.
        var rect = asked
        if !(rect.size.width >= 0) { rect.size.width = 0 }
        if !(rect.size.height >= 0) { rect.size.height = 0 }
        do {
            let (label, shaped) = try shapedText()
            let answer = try label.textRect(forBounds: rect, limitedToNumberOfLines: lines, reusing: shaped)
            Trace.note("textRect base: \(Trace.describe(answer))")
            return answer
        } catch {
            keep("textRect(forBounds: \(Trace.describe(asked)), limitedToNumberOfLines: \(lines))", error)
            return CGRect(origin: asked.origin, size: .zero)
        }
    }

    func baseDrawText(in rect: CGRect) {
        Trace.note("drawText base: text laid out in \(Trace.describe(rect))")
        guard let context = GraphicsContext.current else { return }
        do {
            var (label, shaped) = try shapedText()
            let b = bounds
            // The rect as insets of the bounds: the model draws `bounds.inset(by: insets)`.
            label.insets = EdgeInsets(top: rect.origin.y - b.origin.y, left: rect.origin.x - b.origin.x,
                                      bottom: b.origin.y + b.size.height - (rect.origin.y + rect.size.height),
                                      right: b.origin.x + b.size.width - (rect.origin.x + rect.size.width))
            label.bounds = CGRect(origin: .zero, size: b.size)
            applyLayer(to: &label, traits: context.traits)
            let layout = try label.makeLayout(reusing: shaped)
            try LabelRenderer.drawText(layout, into: &context.bitmap)
            context.texts.append(DrawnText(label: label, layout: layout, rect: rect))
        } catch {
            keep("drawText(in: \(Trace.describe(rect)))", error)
        }
    }

    /// This label's `textLabel()` and its text shaped, made once for every `textRect` and `drawText` until a property
    /// it is shaped or drawn with, the traits or the semantic content attribute change (`textLabel()` reads only
    /// those and calls none of the dispatch's methods, so reusing it leaves the traced calls as they were).
    private func shapedText() throws -> (PaddedLabel, ReusableShaping) {
        let key = ShapingCache.Key(version: contentVersion, traits: traitCollection, semantic: semanticContentAttribute)
        if let cache = shapingCache, cache.key == key { return (cache.label, cache.shaping) }
        let label = try textLabel()
        let shaping = try label.reusableShaping()
        shapingCache = ShapingCache(key: key, label: label, shaping: shaping)
        return (label, shaping)
    }

    /// Keeps an error of a base method on the view (its snapshot fails with it).
    private func keep(_ call: String, _ error: any Error) {
        let message = "\(type(of: self)).\(call): \(error)"
        if !state.errors.contains(message) { state.errors.append(message) }
    }

    /// The label's text properties as the model's, with no insets and no bounds, for its traits: what the base
    /// `textRect` measures and `drawText` draws.
    /// - Throws: `AttributedTextError` for an attribute that is not drawn.
    package func textLabel() throws -> PaddedLabel {
        let traits = traitCollection
        var typeface = (font ?? UIFont.systemFont(ofSize: 17)).font
        if !adjustsFontForContentSizeCategory { typeface.dynamicType = nil }
        // The font given (not the default's system font, which looks its face up). The category before the font: a
        // text style's font set at the category's size stays a text style's.
        var label = PaddedLabel(text ?? "", font: typeface)
        label.contentSizeCategory = traits.contentSizeCategory
        label.userInterfaceStyle = traits.rasterStyle
        label.accessibilityContrast = traits.rasterContrast
        label.font = typeface
        if let attributed = styledText { label.attributedText = try AttributedTextConversion.convert(attributed, traits: traits) }
        label.textColor = (textColor ?? .label).color(for: traits)
        label.textAlignment = TextAlignment(textAlignment)
        label.numberOfLines = numberOfLines
        label.lineBreakMode = LineBreakMode(lineBreakMode)
        label.lineBreakStrategy = LineBreakStrategy(lineBreakStrategy)
        label.adjustsFontSizeToFitWidth = adjustsFontSizeToFitWidth
        label.minimumScaleFactor = minimumScaleFactor
        label.baselineAdjustment = [.alignBaselines, .alignCenters, .none][baselineAdjustment.rawValue]
        label.isEnabled = isEnabled
        label.isHighlighted = isHighlighted
        label.highlightedTextColor = highlightedTextColor?.color(for: traits)
        label.shadowColor = shadowColor?.color(for: traits)
        label.shadowOffset = shadowOffset
        switch semanticContentAttribute {
        case .forceRightToLeft: label.layoutDirection = .rightToLeft
        case .forceLeftToRight, .playback, .spatial: label.layoutDirection = .leftToRight
        case .unspecified: label.layoutDirection = traits.layoutDirection == .rightToLeft ? .rightToLeft : nil
        }
        label.scale = traits.scale
        return label
    }
}

extension UIView {
    /// The layer's drawing (background, corners, border, clip, opacity) on the model, for `traits`.
    package func applyLayer(to label: inout PaddedLabel, traits: UITraitCollection) {
        label.backgroundColor = layer.viewBackground?.color(for: traits) ?? layer.backgroundColor?.color ?? .clear
        label.cornerRadius = layer.cornerRadius
        label.maskedCorners = CornerMask(rawValue: layer.maskedCorners.rawValue)
        label.cornerCurve = layer.cornerCurve == .continuous ? .continuous : .circular
        label.cornerConfiguration = cornerConfiguration?.configuration
        label.clipsToBounds = layer.masksToBounds
        label.borderWidth = layer.borderWidth
        label.borderColor = layer.borderColor?.color ?? .clear
        label.alpha = CGFloat(layer.opacity)
        label.scale = traits.scale
    }
}

extension TextAlignment {
    init(_ a: NSTextAlignment) { self = [.left, .center, .right, .justified, .natural][a.rawValue] }
}

extension LineBreakMode {
    init(_ m: NSLineBreakMode) {
        self = [.byWordWrapping, .byCharWrapping, .byClipping, .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle][m.rawValue]
    }
}

extension LineBreakStrategy {
    init(_ s: NSLineBreakStrategy) {
        if s == .standard { self = .standard; return }
        self = LineBreakStrategy(rawValue: Int(s.rawValue & 0b11))
    }
}

/// A label's text properties as the model's, their shaped text, and what they were made for.
struct ShapingCache {
    struct Key: Equatable {
        var version: Int
        var traits: UITraitCollection
        var semantic: UISemanticContentAttribute
        static func == (a: Key, b: Key) -> Bool { a.version == b.version && a.semantic == b.semantic && a.traits.isEqual(b.traits) }
    }
    var key: Key
    var label: PaddedLabel
    var shaping: ReusableShaping
}
