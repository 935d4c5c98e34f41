import Foundation

/// Metric overrides and a size adjustment for a face, as CSS `@font-face`'s `ascent-override`,
/// `descent-override`, `line-gap-override` and `size-adjust` make a fallback font take another font's place, with
/// the variation axes it is drawn at and a tracking by point size (a `trak` table's part: Apple's fonts carry one).
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
    /// Variation axis values the face is drawn at (`["opsz": 14, "wght": 600]`), under any `FontFile.variations`
    /// (which win): the face's own choice, not stated as asked in `.layout` or the provenance.
    public var axes: [String: Double]
    /// Em of the point size added after each glyph cluster, by point size: linear between the sizes given, the
    /// nearest size's value beyond them (as a `trak` table); empty = none.
    public var tracking: [Double: Double]

    public init(ascent: Double, descent: Double, lineGap: Double, sizeAdjust: Double,
                axes: [String: Double] = [:], tracking: [Double: Double] = [:]) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
        self.sizeAdjust = sizeAdjust
        self.axes = axes
        self.tracking = tracking
    }

    /// `tracking` at `pointSize`, em.
    public func tracking(atPointSize pointSize: Double) -> Double {
        guard !tracking.isEmpty else { return 0 }
        let sizes = tracking.keys.sorted()
        guard let above = sizes.firstIndex(where: { $0 >= pointSize }) else { return tracking[sizes[sizes.count - 1]]! }
        let hi = sizes[above]
        guard above > 0, hi != pointSize else { return tracking[hi]! }
        let lo = sizes[above - 1], t = (pointSize - lo) / (hi - lo)
        return tracking[lo]! + (tracking[hi]! - tracking[lo]!) * t
    }
}

/// The system font (`Font.system`, `UIFont.systemFont(ofSize:weight:)`). Apple's SF Pro cannot ship, so by default a
/// stand-in draws it: Inter 4.1, shipped with the package (so every machine draws the same pixels), its text design
/// (`opsz` 14) below 20 pt and its display design (`opsz` 32) from 20 pt, as the system font switches from SF Pro
/// Text to SF Pro Display at 20 pt, with SF Pro's published vertical metrics, a size adjustment per design and SF
/// Pro's tracking by point size (Apple HIG, Typography), fitted to widths iOS drew (DocC "Fonts as apps use them").
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
            case .standIn: "Inter \(SystemFont.standInVersion) (stand-in with SF Pro's metrics and widths)"
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

    /// The face for `weight` (by CSS's rule), upright or italic, at `pointSize`, drawn by `source`. The stand-in is
    /// the bundled Inter at the weight asked (`wght`, every weight from 100 to 900), its text design below
    /// `displaySizeThreshold` and display design from it (`SystemFont+StandIn.swift`). A family or files that cannot
    /// be found give a file that does not exist, whose path says so: laying it out throws
    /// `TypesettingError.fontNotFound` with that message, rather than drawing another font silently.
    package static func face(weight: Font.Weight, italic: Bool, pointSize: Double, source: Source = .standIn) -> FontFile {
        switch source {
        case .standIn:
            return standInFace(cssWeight: weight.cssWeight, italic: italic, display: pointSize >= displaySizeThreshold)
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

    /// The message of a path made by `unavailable(_:)` (or the stand-in's `missingStandIn`), nil for any other path.
    static func unavailableMessage(path: String) -> String? {
        (path.hasPrefix("(\(environmentVariable)=") || path.hasPrefix("(\(missingStandInPrefix)")) && path.hasSuffix(")")
            ? String(path.dropFirst().dropLast()) : nil
    }
}
