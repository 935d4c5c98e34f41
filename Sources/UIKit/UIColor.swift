import Foundation
package import Imaging

/// A colour (`UIColor`): 8-bit sRGB with straight alpha, as the renderer draws (components are rounded to the nearest
/// 1/255 when made), or a dynamic colour resolved with a view's traits when it is drawn (the system and semantic
/// colours, with Apple's light, dark and high-contrast values; `init(dynamicProvider:)`).
open class UIColor: NSObject, @unchecked Sendable {
    enum Storage {
        /// A raster colour, possibly dynamic (`Color.dynamic`: light, dark and high-contrast values).
        case color(Color)
        case provider(@Sendable (UITraitCollection) -> UIColor)
    }
    let storage: Storage

    package init(_ color: Color) { storage = .color(color) }
    init(storage: Storage) { self.storage = storage }

    /// sRGB components 0…1 (values outside are clamped: extended range is not drawn).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        storage = .color(Color(red: UIColor.byte(red), green: UIColor.byte(green), blue: UIColor.byte(blue), alpha: UIColor.byte(alpha)))
    }
    /// A grey: `white` 0 (black) … 1 (white).
    public convenience init(white: CGFloat, alpha: CGFloat) { self.init(red: white, green: white, blue: white, alpha: alpha) }
    /// HSB components 0…1, converted to sRGB.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, s = min(1, max(0, saturation)), v = min(1, max(0, brightness))
        let i = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }
    /// The colour of a `CGColor`.
    public convenience init(cgColor: CGColor) { self.init(cgColor.color) }
    /// A colour that `provider` gives for each trait collection it is resolved with (appearance, contrast, text
    /// size …), as UIKit asks it when the view draws.
    public init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) { storage = .provider(dynamicProvider) }

    static func byte(_ v: CGFloat) -> UInt8 { v.isNaN ? 0 : UInt8((min(1, max(0, v)) * 255).rounded()) }

    /// The colour for `traitCollection` (a static colour for a dynamic one).
    public func resolvedColor(with traitCollection: UITraitCollection) -> UIColor { UIColor(color(for: traitCollection)) }

    /// The same colour with `alpha` (0…1) as its opacity (for a dynamic colour, each resolved value's).
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        switch storage {
        case .color(let c) where !c.isDynamic:
            var d = c
            d.alpha = UIColor.byte(alpha)
            return UIColor(d)
        default:
            return UIColor(dynamicProvider: { [self] traits in UIColor(self.color(for: traits)).withAlphaComponent(alpha) })
        }
    }

    /// The colour resolved with `UITraitCollection.current`, as a `CGColor` (not dynamic: a layer's border keeps it).
    @MainActor public var cgColor: CGColor { CGColor(color: color(for: UITraitCollection.current)) }

    /// The components of the colour resolved with `UITraitCollection.current`, 0…1; always true (sRGB).
    @MainActor public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                                  blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = color(for: UITraitCollection.current)
        red?.pointee = CGFloat(c.red) / 255; green?.pointee = CGFloat(c.green) / 255
        blue?.pointee = CGFloat(c.blue) / 255; alpha?.pointee = CGFloat(c.alpha) / 255
        return true
    }

    /// Makes this the fill colour of the current drawing (inside `draw(_:)`), for `UIBezierPath.fill()`.
    @MainActor public func setFill() { GraphicsContext.current?.fillColor = color(for: UITraitCollection.current) }
    /// Makes this the stroke colour of the current drawing, for `UIBezierPath.stroke()`.
    @MainActor public func setStroke() { GraphicsContext.current?.strokeColor = color(for: UITraitCollection.current) }
    /// Both `setFill()` and `setStroke()`.
    @MainActor public func set() { setFill(); setStroke() }

    /// The raster colour for `traits` (unspecified traits as the defaults).
    package func color(for traits: UITraitCollection) -> Color {
        let filled = traits.filled(from: .defaults)
        switch storage {
        case .color(let c): return c.resolved(for: filled.rasterStyle, contrast: filled.rasterContrast)
        case .provider(let provide): return provide(filled).color(for: filled)
        }
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        if case .color(let a) = storage, case .color(let b) = other.storage { return a == b }
        return self === other
    }
    public override var hash: Int {
        if case .color(let c) = storage { return c.hashValue }
        return ObjectIdentifier(self).hashValue
    }
    public override var description: String {
        switch storage {
        case .color(let c): return "UIColor(\(c.isDynamic ? "dynamic " : "")\(c.hexString))"
        case .provider: return "UIColor(dynamic provider)"
        }
    }
}

extension UIColor {
    public static var black: UIColor { UIColor(.black) }
    public static var white: UIColor { UIColor(.white) }
    public static var clear: UIColor { UIColor(.clear) }
    public static var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    public static var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    public static var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    public static var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    public static var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    public static var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    public static var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    public static var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }

    // The system and semantic colours: Apple's values (light, dark, and their high-contrast variants).
    public static var systemRed: UIColor { UIColor(.systemRed) }
    public static var systemOrange: UIColor { UIColor(.systemOrange) }
    public static var systemYellow: UIColor { UIColor(.systemYellow) }
    public static var systemGreen: UIColor { UIColor(.systemGreen) }
    public static var systemMint: UIColor { UIColor(.systemMint) }
    public static var systemTeal: UIColor { UIColor(.systemTeal) }
    public static var systemCyan: UIColor { UIColor(.systemCyan) }
    public static var systemBlue: UIColor { UIColor(.systemBlue) }
    public static var systemIndigo: UIColor { UIColor(.systemIndigo) }
    public static var systemPurple: UIColor { UIColor(.systemPurple) }
    public static var systemPink: UIColor { UIColor(.systemPink) }
    public static var systemBrown: UIColor { UIColor(.systemBrown) }
    public static var systemGray: UIColor { UIColor(.systemGray) }
    public static var systemGray2: UIColor { UIColor(.systemGray2) }
    public static var systemGray3: UIColor { UIColor(.systemGray3) }
    public static var systemGray4: UIColor { UIColor(.systemGray4) }
    public static var systemGray5: UIColor { UIColor(.systemGray5) }
    public static var systemGray6: UIColor { UIColor(.systemGray6) }
    public static var tintColor: UIColor { UIColor(.tintColor) }
    public static var label: UIColor { UIColor(.label) }
    public static var secondaryLabel: UIColor { UIColor(.secondaryLabel) }
    public static var tertiaryLabel: UIColor { UIColor(.tertiaryLabel) }
    public static var quaternaryLabel: UIColor { UIColor(.quaternaryLabel) }
    public static var link: UIColor { UIColor(.link) }
    public static var placeholderText: UIColor { UIColor(.placeholderText) }
    public static var separator: UIColor { UIColor(.separator) }
    public static var opaqueSeparator: UIColor { UIColor(.opaqueSeparator) }
    public static var systemBackground: UIColor { UIColor(.systemBackground) }
    public static var secondarySystemBackground: UIColor { UIColor(.secondarySystemBackground) }
    public static var tertiarySystemBackground: UIColor { UIColor(.tertiarySystemBackground) }
    public static var systemGroupedBackground: UIColor { UIColor(.systemGroupedBackground) }
    public static var secondarySystemGroupedBackground: UIColor { UIColor(.secondarySystemGroupedBackground) }
    public static var tertiarySystemGroupedBackground: UIColor { UIColor(.tertiarySystemGroupedBackground) }
    public static var systemFill: UIColor { UIColor(.systemFill) }
    public static var secondarySystemFill: UIColor { UIColor(.secondarySystemFill) }
    public static var tertiarySystemFill: UIColor { UIColor(.tertiarySystemFill) }
    public static var quaternarySystemFill: UIColor { UIColor(.quaternarySystemFill) }
}

/// A Core Graphics colour (`CGColor`): 8-bit sRGB with straight alpha, never dynamic (a layer's `borderColor`,
/// `shadowColor` and `backgroundColor`).
public final class CGColor: @unchecked Sendable, Hashable, CustomStringConvertible {
    package let color: Color
    package init(color: Color) { self.color = color }
    /// sRGB components 0…1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(color: Color(red: UIColor.byte(red), green: UIColor.byte(green), blue: UIColor.byte(blue), alpha: UIColor.byte(alpha)))
    }
    /// A grey, 0 (black) … 1 (white).
    public convenience init(gray: CGFloat, alpha: CGFloat) { self.init(red: gray, green: gray, blue: gray, alpha: alpha) }
    /// Opacity 0…1.
    public var alpha: CGFloat { CGFloat(color.alpha) / 255 }
    /// `[red, green, blue, alpha]`, 0…1.
    public var components: [CGFloat]? { [color.red, color.green, color.blue, color.alpha].map { CGFloat($0) / 255 } }
    /// This colour with opacity `alpha`.
    public func copy(alpha: CGFloat) -> CGColor? {
        var c = color
        c.alpha = UIColor.byte(alpha)
        return CGColor(color: c)
    }
    public static let black = CGColor(color: .black)
    public static let white = CGColor(color: .white)
    public static let clear = CGColor(color: .clear)
    public static func == (a: CGColor, b: CGColor) -> Bool { a.color == b.color }
    public func hash(into h: inout Hasher) { h.combine(color) }
    public var description: String { "CGColor(\(color.hexString))" }
}

extension UIColor {
    /// The colour as the model's, with its light, dark and high-contrast values (a provider asked for each): what the
    /// accessibility audit resolves per cell.
    package var auditColor: Color {
        if case .color(let c) = storage { return c }
        func resolved(_ style: UIUserInterfaceStyle, _ contrast: UIAccessibilityContrast) -> Color {
            color(for: UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: style), UITraitCollection(accessibilityContrast: contrast)]))
        }
        return .dynamic(light: resolved(.light, .normal), dark: resolved(.dark, .normal),
                        highContrastLight: resolved(.light, .high), highContrastDark: resolved(.dark, .high))
    }
}
