/// An 8-bit sRGB colour with straight (non-premultiplied) alpha; optionally dynamic, with a second
/// colour for the dark appearance (`Color.dynamic(light:dark:)`).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// sRGB channels and straight alpha, 0…255 (of the light appearance for a dynamic colour).
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8
    /// The dark appearance's channels packed as 0xRRGGBBAA; nil for a colour that is the same in both.
    private var darkRGBA: UInt32?

    /// A colour from 8-bit sRGB channels and straight alpha (default opaque).
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A colour that depends on the appearance, as `UIColor(dynamicProvider:)` returning `light` or `dark`
    /// for the trait collection's `userInterfaceStyle`. A label resolves it when laid out
    /// (`PaddedLabel.userInterfaceStyle`); `red`…`alpha` read the light colour.
    public static func dynamic(light: Color, dark: Color) -> Color {
        var color = light.resolved(for: .light)
        let d = dark.resolved(for: .dark)
        color.darkRGBA = UInt32(d.red) << 24 | UInt32(d.green) << 16 | UInt32(d.blue) << 8 | UInt32(d.alpha)
        return color
    }

    /// Whether the colour has a distinct dark appearance.
    public var isDynamic: Bool { darkRGBA != nil }

    /// The plain colour for an appearance (`UIColor.resolvedColor(with:)`).
    public func resolved(for style: UserInterfaceStyle) -> Color {
        guard let packed = darkRGBA else { return self }
        if style == .light { return Color(red: red, green: green, blue: blue, alpha: alpha) }
        return Color(red: UInt8(packed >> 24), green: UInt8(packed >> 16 & 0xFF),
                     blue: UInt8(packed >> 8 & 0xFF), alpha: UInt8(packed & 0xFF))
    }

    /// Transparent black (alpha 0).
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// UIKit's `UIColor.label`, the default text colour: opaque black in the light appearance, opaque white
    /// in the dark one (Apple's UI element colours; `UIColor.label` resolves to 0, 0, 0, 1 and 1, 1, 1, 1).
    public static let label = Color.dynamic(light: .black, dark: .white)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional, case-insensitive).
    /// - Throws: `RasterError.invalidColor` for any other form.
    public init(hex: String) throws {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        var values: [UInt8] = []
        for ch in digits {
            // ASCII only: `hexDigitValue` also accepts full-width digits.
            guard ch.isASCII, let v = ch.hexDigitValue else { throw RasterError.invalidColor(hex) }
            values.append(UInt8(v))
        }
        switch values.count {
        case 3:
            self.init(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
        case 6, 8:
            var bytes: [UInt8] = []
            for i in stride(from: 0, to: values.count, by: 2) { bytes.append(values[i] << 4 | values[i + 1]) }
            self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
        default:
            throw RasterError.invalidColor(hex)
        }
    }

    /// `#RRGGBBAA`, upper-case.
    public var hexString: String {
        "#" + [red, green, blue, alpha].map { b in
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }

    public var description: String {
        isDynamic ? "dynamic(light: \(resolved(for: .light).hexString), dark: \(resolved(for: .dark).hexString))" : hexString
    }
}

/// Light or dark appearance (`UIUserInterfaceStyle`), which resolves dynamic colours.
public enum UserInterfaceStyle: String, CaseIterable, Hashable, Sendable {
    case light, dark
}

/// Errors from the `Raster` module.
public enum RasterError: Error, CustomStringConvertible, Equatable {
    case invalidColor(String)
    case invalidSize(width: Int, height: Int)
    case pixelCountMismatch(expected: Int, actual: Int)

    public var description: String {
        switch self {
        case .invalidColor(let s):
            return "invalid colour \"\(s)\": use #RGB, #RRGGBB or #RRGGBBAA hexadecimal"
        case .invalidSize(let w, let h):
            return "invalid bitmap size \(w)×\(h) px: width and height must be ≥ 0 and at most \(Bitmap.maximumPixelCount) pixels in all"
        case .pixelCountMismatch(let e, let a):
            return "RGBA buffer holds \(a) bytes where width × height × 4 = \(e)"
        }
    }
}
