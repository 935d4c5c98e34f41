// UIKit's system and semantic colours as 8-bit sRGB. The sources of each table, and the values Apple does not
// publish (the semantic colours' increased contrast), are in docs/drawing.md "System colours".

extension Color {
    /// A colour of UIKit's palette: light, dark, increased-contrast light and dark, each 0xRRGGBB (opaque).
    private static func system(_ light: UInt32, _ dark: UInt32, _ highLight: UInt32, _ highDark: UInt32) -> Color {
        .dynamic(light: Color(rgb: light), dark: Color(rgb: dark), highContrastLight: Color(rgb: highLight), highContrastDark: Color(rgb: highDark))
    }

    /// A semantic colour: light and dark 0xRRGGBB with alpha 0…1; its increased contrast is the same (Apple
    /// publishes none).
    private static func semantic(_ light: UInt32, _ lightAlpha: Double, _ dark: UInt32, _ darkAlpha: Double) -> Color {
        .dynamic(light: Color(rgb: light, alpha: lightAlpha), dark: Color(rgb: dark, alpha: darkAlpha))
    }

    private init(rgb: UInt32, alpha: Double = 1) {
        self.init(red: UInt8(rgb >> 16), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF), alpha: UInt8((alpha * 255).rounded()))
    }

    // The system colours (`UIColor.systemRed` …): Apple's HIG "Color" table for iOS, default and increased
    // contrast, light and dark.
    public static let systemRed = system(0xFF3B30, 0xFF453A, 0xD70015, 0xFF6961)
    public static let systemOrange = system(0xFF9500, 0xFF9F0A, 0xC93400, 0xFFB340)
    public static let systemYellow = system(0xFFCC00, 0xFFD60A, 0xB25000, 0xFFD426)
    public static let systemGreen = system(0x34C759, 0x30D158, 0x248A3D, 0x30DB5B)
    public static let systemMint = system(0x00C7BE, 0x63E6E2, 0x0C817B, 0x66D4CF)
    public static let systemTeal = system(0x30B0C7, 0x40C8E0, 0x008299, 0x5DE6FF)
    public static let systemCyan = system(0x32ADE6, 0x64D2FF, 0x0071A4, 0x70D7FF)
    public static let systemBlue = system(0x007AFF, 0x0A84FF, 0x0040DD, 0x409CFF)
    public static let systemIndigo = system(0x5856D6, 0x5E5CE6, 0x3634A3, 0x7D7AFF)
    public static let systemPurple = system(0xAF52DE, 0xBF5AF2, 0x8944AB, 0xDA8FFF)
    public static let systemPink = system(0xFF2D55, 0xFF375F, 0xD30F45, 0xFF6482)
    public static let systemBrown = system(0xA2845E, 0xAC8E68, 0x7F6545, 0xB59469)
    public static let systemGray = system(0x8E8E93, 0x8E8E93, 0x6C6C70, 0xAEAEB2)
    public static let systemGray2 = system(0xAEAEB2, 0x636366, 0x8E8E93, 0x7C7C80)
    public static let systemGray3 = system(0xC7C7CC, 0x48484A, 0xAEAEB2, 0x545456)
    public static let systemGray4 = system(0xD1D1D6, 0x3A3A3C, 0xBCBCC0, 0x444446)
    public static let systemGray5 = system(0xE5E5EA, 0x2C2C2E, 0xD8D8DC, 0x363638)
    public static let systemGray6 = system(0xF2F2F7, 0x1C1C1E, 0xEBEBF0, 0x242426)
    /// The app's default tint (`UIColor.tintColor` without a tint set in the hierarchy): `systemBlue`.
    public static let tintColor = systemBlue

    // The semantic colours (`UIColor.label` …), as UIKit resolves them (docs/drawing.md, System colours, names the source).
    /// `UIColor.label`, the default text colour: opaque black in light, opaque white in dark.
    public static let label = semantic(0x000000, 1, 0xFFFFFF, 1)
    public static let secondaryLabel = semantic(0x3C3C43, 0.6, 0xEBEBF5, 0.6)
    public static let tertiaryLabel = semantic(0x3C3C43, 0.3, 0xEBEBF5, 0.3)
    public static let quaternaryLabel = semantic(0x3C3C43, 0.18, 0xEBEBF5, 0.16)
    public static let link = semantic(0x007AFF, 1, 0x0984FF, 1)
    public static let placeholderText = semantic(0x3C3C43, 0.3, 0xEBEBF5, 0.3)
    public static let separator = semantic(0x3C3C43, 0.29, 0x545458, 0.6)
    public static let opaqueSeparator = semantic(0xC6C6C8, 1, 0x38383A, 1)
    public static let systemBackground = semantic(0xFFFFFF, 1, 0x000000, 1)
    public static let secondarySystemBackground = semantic(0xF2F2F7, 1, 0x1C1C1E, 1)
    public static let tertiarySystemBackground = semantic(0xFFFFFF, 1, 0x2C2C2E, 1)
    public static let systemGroupedBackground = semantic(0xF2F2F7, 1, 0x000000, 1)
    public static let secondarySystemGroupedBackground = semantic(0xFFFFFF, 1, 0x1C1C1E, 1)
    public static let tertiarySystemGroupedBackground = semantic(0xF2F2F7, 1, 0x2C2C2E, 1)
    public static let systemFill = semantic(0x787880, 0.2, 0x787880, 0.36)
    public static let secondarySystemFill = semantic(0x787880, 0.16, 0x787880, 0.32)
    public static let tertiarySystemFill = semantic(0x767680, 0.12, 0x767680, 0.24)
    public static let quaternarySystemFill = semantic(0x747480, 0.08, 0x767680, 0.18)

    /// The names `Color(hexOrName:)`, the style JSON and `labelsnap render` accept: UIKit's, in the order of
    /// its documentation.
    public static let systemColorNames: [(name: String, color: Color)] = [
        ("label", label), ("secondaryLabel", secondaryLabel), ("tertiaryLabel", tertiaryLabel), ("quaternaryLabel", quaternaryLabel),
        ("link", link), ("placeholderText", placeholderText), ("separator", separator), ("opaqueSeparator", opaqueSeparator),
        ("systemBackground", systemBackground), ("secondarySystemBackground", secondarySystemBackground),
        ("tertiarySystemBackground", tertiarySystemBackground), ("systemGroupedBackground", systemGroupedBackground),
        ("secondarySystemGroupedBackground", secondarySystemGroupedBackground), ("tertiarySystemGroupedBackground", tertiarySystemGroupedBackground),
        ("systemFill", systemFill), ("secondarySystemFill", secondarySystemFill), ("tertiarySystemFill", tertiarySystemFill),
        ("quaternarySystemFill", quaternarySystemFill),
        ("systemRed", systemRed), ("systemOrange", systemOrange), ("systemYellow", systemYellow), ("systemGreen", systemGreen),
        ("systemMint", systemMint), ("systemTeal", systemTeal), ("systemCyan", systemCyan), ("systemBlue", systemBlue),
        ("systemIndigo", systemIndigo), ("systemPurple", systemPurple), ("systemPink", systemPink), ("systemBrown", systemBrown),
        ("systemGray", systemGray), ("systemGray2", systemGray2), ("systemGray3", systemGray3), ("systemGray4", systemGray4),
        ("systemGray5", systemGray5), ("systemGray6", systemGray6), ("tintColor", tintColor),
        ("clear", clear), ("black", black), ("white", white),
    ]

    /// The system colour of that UIKit name (`"systemRed"`), or nil.
    public static func named(_ name: String) -> Color? {
        systemColorNames.first { $0.name == name }?.color
    }
}

extension Color {
    /// The UIKit name of this colour when it is one of `systemColorNames` (the first of equal ones: `systemBlue`,
    /// not `tintColor`), else nil: how the accessibility audit names a label's colours.
    package var systemColorName: String? {
        Color.systemColorNames.first { $0.color == self }?.name
    }
}
