/// The stand-in for Apple's system font (SF Pro), which cannot ship: Inter (apt `fonts-inter`), whose text design
/// draws sizes below 20 pt and its display design (Inter Display) 20 pt and above, as the system font switches
/// from SF Pro Text to SF Pro Display at 20 pt. DESIGN.md §2 "The system font".
public enum SystemFont {
    /// Folder of Debian's `fonts-inter` static faces.
    static let interFolder = "/usr/share/fonts/opentype/inter/"

    /// The point size from which the display design draws (SF Pro Display's range).
    public static let displaySizeThreshold = 20.0

    /// Inter's style names by CSS weight class 100 … 900 (`Inter-SemiBold.otf`, `InterDisplay-Thin.otf`).
    static let interStyles = ["Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black"]

    /// The stand-in's face for `weight` (the nearest of the nine by CSS's rule: every class 100 … 900 exists),
    /// upright or italic, at `pointSize` (text design below `displaySizeThreshold`, display design from it).
    public static func face(weight: Font.Weight, italic: Bool, pointSize: Double) -> FontFile {
        let classes = (1...9).map { Double($0 * 100) }
        let index = cssNearestWeight(weight.cssWeight, among: classes) ?? 3
        let design = pointSize < displaySizeThreshold ? "Inter" : "InterDisplay"
        var style = interStyles[index]
        if italic { style = style == "Regular" ? "Italic" : style + "Italic" }
        return FontFile(path: interFolder + design + "-" + style + ".otf")
    }
}
