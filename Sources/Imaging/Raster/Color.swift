/// An 8-bit sRGB colour with straight (non-premultiplied) alpha; optionally dynamic, with a colour for the
/// dark appearance and for increased contrast (`Color.dynamic(light:dark:highContrastLight:highContrastDark:)`).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// sRGB channels and straight alpha, 0…255 (of the light appearance for a dynamic colour).
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8
    /// The dark appearance's channels packed as 0xRRGGBBAA; nil for a colour that is the same in both.
    private var darkRGBA: UInt32?
    /// The increased-contrast channels (0xRRGGBBAA) of each appearance; nil where they are the normal ones.
    private var highContrastLightRGBA: UInt32?
    private var highContrastDarkRGBA: UInt32?

    /// A colour from 8-bit sRGB channels and straight alpha (default opaque).
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A colour that depends on the appearance and the contrast, as `UIColor(dynamicProvider:)` returning
    /// one colour per `userInterfaceStyle` × `accessibilityContrast` (an asset catalog's Appearances "Any,
    /// Dark" with High Contrast). A label resolves it when laid out (`PaddedLabel.userInterfaceStyle`,
    /// `PaddedLabel.accessibilityContrast`); `red`…`alpha` read the light colour. An increased-contrast colour
    /// not given is the normal colour of its appearance (as UIKit falls back when an asset has no
    /// high-contrast variant); a dynamic colour given for a cell is resolved for that cell.
    public static func dynamic(light: Color, dark: Color, highContrastLight: Color? = nil, highContrastDark: Color? = nil) -> Color {
        let l = light.resolved(for: .light), d = dark.resolved(for: .dark)
        var color = l
        color.darkRGBA = d.packed
        let hl = (highContrastLight ?? light).resolved(for: .light, contrast: .high)
        let hd = (highContrastDark ?? dark).resolved(for: .dark, contrast: .high)
        color.highContrastLightRGBA = hl == l ? nil : hl.packed
        color.highContrastDarkRGBA = hd == d ? nil : hd.packed
        return color
    }

    /// Whether the colour has a distinct dark appearance.
    public var isDynamic: Bool { darkRGBA != nil }

    /// The plain colour for an appearance at normal contrast (`UIColor.resolvedColor(with:)`).
    public func resolved(for style: UserInterfaceStyle) -> Color { resolved(for: style, contrast: .normal) }

    /// The plain colour for an appearance and a contrast (`UIColor.resolvedColor(with:)` for a trait
    /// collection with that `userInterfaceStyle` and `accessibilityContrast`).
    public func resolved(for style: UserInterfaceStyle, contrast: AccessibilityContrast) -> Color {
        guard let dark = darkRGBA else { return self }
        switch (style, contrast) {
        case (.light, .normal): return Color(red: red, green: green, blue: blue, alpha: alpha)
        case (.dark, .normal): return Color(packed: dark)
        case (.light, .high): return highContrastLightRGBA.map(Color.init(packed:)) ?? Color(red: red, green: green, blue: blue, alpha: alpha)
        case (.dark, .high): return Color(packed: highContrastDarkRGBA ?? dark)
        }
    }

    private var packed: UInt32 { UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha) }
    private init(packed: UInt32) {
        self.init(red: UInt8(packed >> 24), green: UInt8(packed >> 16 & 0xFF), blue: UInt8(packed >> 8 & 0xFF), alpha: UInt8(packed & 0xFF))
    }

    /// Transparent black (alpha 0).
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)

    /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (the `#` is optional, case-insensitive).
    /// - Throws: `RasterError.invalidColor` for any other form.
    public init(hex: String) throws {
        try self.init(hexDigits: hex)
    }

    /// Parses a hexadecimal colour as `init(hex:)` or a system colour's UIKit name (`systemRed`, `label`,
    /// `secondarySystemBackground`: `Color.systemColorNames`).
    /// - Throws: `RasterError.invalidColor` for anything else.
    public init(hexOrName text: String) throws {
        if let named = Color.named(text) { self = named; return }
        try self.init(hexDigits: text)
    }

    private init(hexDigits hex: String) throws {
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
        guard isDynamic else { return hexString }
        let normal = "light: \(resolved(for: .light).hexString), dark: \(resolved(for: .dark).hexString)"
        guard highContrastLightRGBA != nil || highContrastDarkRGBA != nil else { return "dynamic(\(normal))" }
        return "dynamic(\(normal), highContrastLight: \(resolved(for: .light, contrast: .high).hexString), "
            + "highContrastDark: \(resolved(for: .dark, contrast: .high).hexString))"
    }
}

/// Light or dark appearance (`UIUserInterfaceStyle`), which resolves dynamic colours.
public enum UserInterfaceStyle: String, CaseIterable, Hashable, Sendable {
    case light, dark
}

/// Normal or increased contrast (`UIAccessibilityContrast`, the Increase Contrast setting), which resolves
/// dynamic colours' high-contrast variants.
public enum AccessibilityContrast: String, CaseIterable, Hashable, Sendable {
    case normal, high
}

/// Errors from the `Raster` module.
public enum RasterError: Error, CustomStringConvertible, Equatable {
    case invalidColor(String)
    case invalidSize(width: Int, height: Int)
    case pixelCountMismatch(expected: Int, actual: Int)

    public var description: String {
        switch self {
        case .invalidColor(let s):
            return "invalid colour \"\(s)\": use #RGB, #RRGGBB or #RRGGBBAA hexadecimal, or a system colour's name (systemRed, label, systemGray6 …)"
        case .invalidSize(let w, let h):
            return "invalid bitmap size \(w)×\(h) px: width and height must be ≥ 0 and at most \(Bitmap.maximumPixelCount) pixels in all"
        case .pixelCountMismatch(let e, let a):
            return "RGBA buffer holds \(a) bytes where width × height × 4 = \(e)"
        }
    }
}
