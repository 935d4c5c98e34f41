import Foundation

/// Metric overrides and a size adjustment for a face, as CSS `@font-face`'s `ascent-override`,
/// `descent-override`, `line-gap-override` and `size-adjust` make a fallback font take another font's place.
/// Ascent, descent and line gap are per em of the point size asked for (not scaled by `sizeAdjust`).
public struct FaceAdjustment: Hashable, Sendable {
    /// Above the baseline, em (positive).
    public var ascent: Double
    /// Below the baseline, em (positive).
    public var descent: Double
    /// Between lines, em.
    public var lineGap: Double
    /// Outlines and advances are drawn at the point size × this.
    public var sizeAdjust: Double

    public init(ascent: Double, descent: Double, lineGap: Double, sizeAdjust: Double) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
        self.sizeAdjust = sizeAdjust
    }
}

/// The system font (`Font.system`, `UIFont.systemFont(ofSize:weight:)`). Apple's SF Pro cannot ship, so by default a
/// stand-in draws it: Inter (apt `fonts-inter`), its text design below 20 pt and its display design (Inter Display)
/// from 20 pt, as the system font switches from SF Pro Text to SF Pro Display at 20 pt, with SF Pro's published
/// vertical metrics and a size adjustment to SF Pro's average character width (docs/fonts.md "The system font").
/// `LABELSNAP_SYSTEM_FONT` (or `withSystemFont(_:)`, `withSnapshotTesting(systemFont:)`) draws it in another family
/// or font files instead, such as a licensed copy of SF Pro, with that font's own metrics.
public enum SystemFont {
    /// What draws the system font.
    public enum Source: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// Inter with SF Pro's metrics (the default).
        case standIn
        /// An installed or registered family, its faces matched by weight and slant (`Font(family:size:weight:italic:)`).
        case family(String)
        /// Font files, or folders of them, of one family: its faces matched by weight and slant. Files of several
        /// families (by each face's first, typographic, family name) are refused when the font is laid out, the
        /// families named, rather than one drawn by chance; so is a path that does not exist or cannot be read, a
        /// file FreeType cannot open, or a folder with no `.ttf`, `.otf`, `.ttc` or `.otc` file (a folder's other
        /// files are left alone), each said so (`TypesettingError.fontNotFound`).
        case files([String])

        /// `LABELSNAP_SYSTEM_FONT`'s form: empty → the stand-in; a value holding "/" → files and folders separated
        /// by ":"; anything else → a family name.
        public init(parsing value: String) {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { self = .standIn } else if trimmed.contains("/") {
                self = .files(trimmed.split(separator: ":").map(String.init))
            } else {
                self = .family(trimmed)
            }
        }

        /// `Source(parsing:)` of the literal: `"SF Pro"` is a family, `"/opt/fonts/"` files.
        public init(stringLiteral value: String) { self.init(parsing: value) }

        public var description: String {
            switch self {
            case .standIn: "Inter (stand-in with SF Pro's metrics)"
            case .family(let family): family
            case .files(let paths): paths.joined(separator: ":")
            }
        }
    }

    /// The environment variable that names another system font (`Source(parsing:)`).
    public static let environmentVariable = "LABELSNAP_SYSTEM_FONT"

    /// The source set for the current task (`withSystemFont`), nil = the environment's.
    @TaskLocal static var taskSource: Source?

    /// What `Font.system` draws now: the task's `withSystemFont` source, else `LABELSNAP_SYSTEM_FONT`, else the stand-in.
    public static var current: Source {
        if let taskSource { return taskSource }
        return ProcessInfo.processInfo.environment[environmentVariable].map(Source.init(parsing:)) ?? .standIn
    }

    /// Runs `operation` with `Font.system` drawn by `source` (fonts made inside keep it).
    public static func withSystemFont<R>(_ source: Source, operation: () throws -> R) rethrows -> R {
        try $taskSource.withValue(source, operation: operation)
    }

    /// `withSystemFont` for async work.
    public static func withSystemFont<R>(_ source: Source, operation: () async throws -> R) async rethrows -> R {
        try await $taskSource.withValue(source, operation: operation)
    }

    // MARK: The stand-in

    /// Folder of Debian's `fonts-inter` static faces.
    static let interFolder = "/usr/share/fonts/opentype/inter/"
    /// Folder of Debian's `fonts-inter-variable` (wght 100…900, roman and italic, text and display).
    static let interVariableFolder = "/usr/share/fonts/truetype/inter-vf/"

    /// Whether `path` is one of the files the stand-in draws (with SF Pro's metrics and size-adjust).
    package static func isStandInFile(_ path: String) -> Bool {
        path.hasPrefix(interFolder) || path.hasPrefix(interVariableFolder)
    }

    /// The point size from which the display design draws (SF Pro Display's range).
    package static let displaySizeThreshold = 20.0

    /// SF Pro's vertical metrics per em, from its `hhea` table (2048 units per em: ascender 1950, descender −494,
    /// line gap 0; Capsize's `@capsizecss/metrics` gives 1950 and 0, and iOS's `UIFont.systemFont(ofSize: 15).lineHeight`
    /// is 17.900391 = 2444 / 2048 × 15). Both designs share them.
    package static let sfAscent = 1950.0 / 2048, sfDescent = 494.0 / 2048, sfLineGap = 0.0

    /// SF Pro's average character width, em: Capsize's `xWidthAvg` (932 / 2048), the width of its characters
    /// weighted by their frequency in English text.
    package static let sfAverageWidth = 932.0 / 2048

    /// Inter's average character width by the same weighting (the 39 most frequent characters of Capsize's
    /// English unigram table, 99.6 % of its weight; advances from `hmtx`, no kerning), measured from Debian's
    /// Inter 4.0 beta 7 Regular: text 1447.116 / 2816 em, display 940.403 / 2048 em.
    package static let interTextAverageWidth = 1447.1163 / 2816, interDisplayAverageWidth = 940.4028 / 2048

    /// The stand-in's adjustment of the text and display designs: SF Pro's vertical metrics and `size-adjust`
    /// = SF Pro's average width ÷ Inter's (text 0.8856, display 0.9911).
    package static let textAdjustment = FaceAdjustment(ascent: sfAscent, descent: sfDescent, lineGap: sfLineGap,
                                                      sizeAdjust: sfAverageWidth / interTextAverageWidth)
    package static let displayAdjustment = FaceAdjustment(ascent: sfAscent, descent: sfDescent, lineGap: sfLineGap,
                                                         sizeAdjust: sfAverageWidth / interDisplayAverageWidth)

    /// Inter's style names by CSS weight class 100 … 900 (`Inter-SemiBold.otf`, `InterDisplay-Thin.otf`).
    static let interStyles = ["Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black"]

    /// The face for `weight` (by CSS's rule), upright or italic, at `pointSize`, drawn by `source`. The stand-in has
    /// all nine weight classes, its text design below `displaySizeThreshold` and display design from it; a weight
    /// between them is its variable font's instance at that CSS weight. A family or
    /// files that cannot be found give a file that does not exist, whose path says so: laying it out throws
    /// `TypesettingError.fontNotFound` with that message, rather than drawing another font silently.
    package static func face(weight: Font.Weight, italic: Bool, pointSize: Double, source: Source = .standIn) -> FontFile {
        switch source {
        case .standIn:
            let classes = (1...9).map { Double($0 * 100) }
            let css = weight.cssWeight
            let index = cssNearestWeight(css, among: classes) ?? 3
            let display = pointSize >= displaySizeThreshold
            let adjustment = display ? displayAdjustment : textAdjustment
            // A weight between the nine (650) is drawn at that weight, as SF Pro, a variable font, draws it: Inter's
            // variable font at wght = the CSS weight (its advances at 400 are the static Regular's, so the same
            // size-adjust holds). The nine stay on the static faces.
            if abs(css - classes[index]) > 0.5, (1...1000).contains(css) {
                let file = (display ? "InterDisplay-" : "Inter-") + (italic ? "italic" : "roman") + ".var.ttf"
                return FontFile(path: interVariableFolder + file, adjustment: adjustment, variations: ["wght": min(max(css, 100), 900)])
            }
            var style = interStyles[index]
            if italic { style = style == "Regular" ? "Italic" : style + "Italic" }
            return FontFile(path: interFolder + (display ? "InterDisplay-" : "Inter-") + style + ".otf", adjustment: adjustment)
        case .family(let family):
            let faces = FontconfigResolver.shared.faces(ofFamily: family)
            return cssWeightMatch(faces, cssWeight: weight.cssWeight, italic: italic)
                ?? unavailable("\(environmentVariable)=\(family) names no installed or registered family: list them with fc-list : family, or give font files or folders (a value with a /)")
        case .files(let paths):
            let value = paths.joined(separator: ":")
            let faces: [FaceInfo]
            do throws(FilesProblem) { faces = try Self.faces(inFiles: paths) } catch {
                return unavailable("\(environmentVariable)=\(value): \(error.message)")
            }
            // One family, so that every weight and slant is drawn by the same design: a folder of several (Debian's
            // dejavu folder: Sans, Sans Mono, Serif, Math) has no right answer for "semibold", so it is refused.
            let families = Set(faces.compactMap(\.families.first)).sorted()
            guard families.count <= 1 else {
                return unavailable("\(environmentVariable)=\(value) holds \(families.count) families (\(families.joined(separator: ", "))): give the files of one family, or a folder holding only them")
            }
            return cssWeightMatch(faces, cssWeight: weight.cssWeight, italic: italic)
                ?? unavailable("\(environmentVariable)=\(value) holds only a variable font's default outline, no instance or static face: "
                    + "give its static files")
        }
    }

    /// A file that does not exist, whose path is the whole message `TypesettingError.fontNotFound` gives when the
    /// label is laid out (written in parentheses, so no real path is taken for it).
    static func unavailable(_ message: String) -> FontFile { FontFile(path: "(" + message + ")") }

    /// The message of a path made by `unavailable(_:)`, nil for any other path.
    static func unavailableMessage(path: String) -> String? {
        path.hasPrefix("(\(environmentVariable)=") && path.hasSuffix(")") ? String(path.dropFirst().dropLast()) : nil
    }
}
