/// Fonts registered by the process, as `CTFontManagerRegisterFontsForURL`: found by `Font(name:size:)`,
/// `Font(family:size:weight:italic:)` and `withWeight(_:)` alongside the installed fonts.
package enum FontRegistry {
    /// File extensions read as fonts in a folder: TrueType, OpenType and their collections.
    package static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]
}
