// Contrast as WCAG 2.2 defines it (W3C, "Web Content Accessibility Guidelines 2.2", definitions of "relative
// luminance" and "contrast ratio"), and the straight-alpha source-over that flattens translucent colours before
// it, in real numbers (the accessibility audit; docs/accessibility.md, Accessibility audit).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Color {
    /// WCAG 2.2's relative luminance of the colour's sRGB channels (its stored, light-appearance ones; alpha is
    /// not read: flatten a translucent colour first), 0 (black) … 1 (white): each channel `c = C/255` is
    /// linearised as `c/12.92` when `c ≤ 0.04045`, else `((c + 0.055)/1.055)^2.4`, and
    /// `L = 0.2126 R + 0.7152 G + 0.0722 B`.
    public var relativeLuminance: Double { ColorComponents(self).relativeLuminance }

    /// WCAG 2.2's contrast ratio of two colours, `(L1 + 0.05) / (L2 + 0.05)` with `L1` the lighter's relative
    /// luminance: 1 (equal) … 21 (black on white). Order does not matter; alpha is not read.
    public static func contrastRatio(_ a: Color, _ b: Color) -> Double {
        ColorComponents.contrastRatio(ColorComponents(a), ColorComponents(b))
    }
}

/// A colour as real numbers: sRGB-encoded channels and straight alpha, each 0…1. What the audit composites in,
/// unrounded (the renderer rounds each step to 8 bits; the two differ by less than 1/255 a channel).
package struct ColorComponents: Sendable, Hashable {
    package var red, green, blue, alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// The 8-bit colour's channels ÷ 255 (its stored, light-appearance channels: resolve a dynamic colour first).
    package init(_ color: Color) {
        self.init(red: Double(color.red) / 255, green: Double(color.green) / 255, blue: Double(color.blue) / 255,
                  alpha: Double(color.alpha) / 255)
    }

    /// Porter–Duff source-over of this colour on `below`, on straight alpha (the formula of the renderer's
    /// kernels, docs/drawing.md, Colours, in real numbers): `a = sa + da(1 − sa)`, each channel
    /// `(c·sa + d·da(1 − sa)) / a`; fully transparent on transparent stays transparent black.
    package func over(_ below: ColorComponents) -> ColorComponents {
        let da = below.alpha * (1 - alpha), a = alpha + da
        guard a > 0 else { return ColorComponents(red: 0, green: 0, blue: 0, alpha: 0) }
        func mix(_ c: Double, _ d: Double) -> Double { (c * alpha + d * da) / a }
        return ColorComponents(red: mix(red, below.red), green: mix(green, below.green), blue: mix(blue, below.blue), alpha: a)
    }

    /// This colour with its alpha multiplied by `factor` (a group opacity, `UIView.alpha`).
    package func withAlphaScaled(by factor: Double) -> ColorComponents {
        var c = self
        c.alpha *= min(1, max(0, factor))
        return c
    }

    /// WCAG 2.2's relative luminance (see `Color.relativeLuminance`); alpha is not read.
    package var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.2's contrast ratio of two colours (see `Color.contrastRatio`).
    package static func contrastRatio(_ a: ColorComponents, _ b: ColorComponents) -> Double {
        let la = a.relativeLuminance, lb = b.relativeLuminance
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
