import Foundation

/// The system font's stand-in: Inter 4.1, shipped in this target's resources (`Resources/Inter`, its README says
/// where the files come from), so that a label in the system font draws the same pixels on every machine whatever
/// Inter it has installed. Every figure's source: DocC "Fonts as apps use them".
extension SystemFont {
    /// The pinned Inter release (`name` table "Version 4.001", the release called 4.1).
    package static let standInVersion = "4.1"
    /// The upright and italic files: variable fonts with `opsz` 14…32 and `wght` 100…900.
    package static let standInFileName = "Inter-4.1.ttf", standInItalicFileName = "Inter-4.1-Italic.ttf"

    /// The folder holding the bundled files, found once per process: the resource bundle SwiftPM copies beside the
    /// program (`LabelSnapshot_Typesetting.resources`), else the package's own sources (a checkout always has
    /// them, so a program moved away from its build folder still finds them). Nil when neither has the files.
    package static let standInFolder: String? = {
        let bundle = programFolder + "/LabelSnapshot_Typesetting.resources/Inter"
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/Inter").path
        return [bundle, sources].first { FileManager.default.isReadableFile(atPath: $0 + "/" + standInFileName) }.map { $0 + "/" }
    }()

    /// The running program's folder, where SwiftPM puts the resource bundle, from `/proc/self/exe`: Foundation's
    /// `Bundle.main` stops the process when a folder of the program's path cannot be read (a program run by another
    /// user from a private folder).
    static let programFolder: String = {
        var buffer = [UInt8](repeating: 0, count: 4097)
        let count = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, 4096) }
        guard count > 0 else { return "." }
        return URL(fileURLWithPath: String(decoding: buffer[..<count], as: UTF8.self)).deletingLastPathComponent().path
    }()

    /// Starts the message of the path drawn when the bundled files are missing (`unavailableMessage`).
    static let missingStandInPrefix = "the system font's stand-in"

    /// Whether `path` is one of the files the stand-in draws (with SF Pro's metrics, size-adjust and tracking).
    package static func isStandInFile(_ path: String) -> Bool {
        guard let standInFolder else { return false }
        return path == standInFolder + standInFileName || path == standInFolder + standInItalicFileName
    }

    /// The point size from which the display design draws (SF Pro Display's range).
    package static let displaySizeThreshold = 20.0

    /// SF Pro's vertical metrics per em, from its `hhea` table (2048 units per em: ascender 1950, descender −494,
    /// line gap 0; Capsize's `@capsizecss/metrics` gives 1950 and 0, and iOS's `UIFont.systemFont(ofSize: 15).lineHeight`
    /// is 17.900391 = 2444 / 2048 × 15). Both designs share them.
    package static let sfAscent = 1950.0 / 2048, sfDescent = 494.0 / 2048, sfLineGap = 0.0

    /// SF Pro's average character width, em: Capsize's `xWidthAvg` (932 / 2048), the width of its characters
    /// weighted by their frequency in English text, without tracking: SF Pro Display's spacing.
    package static let sfAverageWidth = 932.0 / 2048

    /// Inter 4.1's display design (`opsz` 32, `wght` 400) by the same weighting (the 39 most frequent characters of
    /// Capsize's English unigram table, 99.6 % of its weight; advances from `hmtx`/`HVAR`, no kerning): 961.857 / 2048 em.
    package static let interDisplayAverageWidth = 961.8568 / 2048

    /// The text design's size-adjust, fitted to widths iOS drew in SF Pro Text (Tests/Fixtures sf-measurements.json):
    /// with SF's tracking, Inter's text design at its own size is as wide as SF Pro Text (the 350 pt paragraph wraps
    /// as on iOS for 0.993…1.007; single lines are 0.5 % wider than iOS on average).
    package static let textSizeAdjust = 1.0
    /// The display design's: SF Pro's average width ÷ Inter Display's (0.9690).
    package static let displaySizeAdjust = sfAverageWidth / interDisplayAverageWidth

    /// SF Pro Text's tracking, 1/1000 em, by point size (Apple HIG, Typography, "Tracking values", iOS: 6 pt +41 …
    /// 12 pt 0 … 17 pt −26 … 19 pt −24).
    package static let textTracking: [Double: Double] = [
        6: 41, 7: 34, 8: 26, 9: 19, 10: 12, 11: 6, 12: 0, 13: -6, 14: -11, 15: -16, 16: -20, 17: -26, 18: -25, 19: -24,
    ].mapValues { $0 / 1000 }
    /// SF Pro Display's tracking, 1/1000 em, by point size (the HIG's table for SF Pro Display, 20 pt +19 … 76 pt +1,
    /// none from 80 pt); sizes between two listed hold the smaller one's value, as the table reads.
    package static let displayTracking: [Double: Double] = steps([
        20: 19, 21: 17, 22: 16, 24: 15, 25: 14, 27: 13, 30: 12, 33: 11, 36: 10, 41: 9, 44: 8, 49: 7, 52: 6, 56: 5,
        60: 4, 66: 3, 68: 2, 76: 1, 80: 0,
    ]).mapValues { $0 / 1000 }

    /// A table that lists a size only where its value changes, as linear pieces that hold each value up to the next
    /// listed size (the value at `next − 1` pt, then a 1 pt ramp), so whole sizes read the HIG's value.
    private static func steps(_ table: [Double: Double]) -> [Double: Double] {
        let sizes = table.keys.sorted()
        var out = table
        for (a, b) in zip(sizes, sizes.dropFirst()) where b - a > 1 { out[b - 1] = table[a]! }
        return out
    }

    /// The adjustment of the text or display design at `cssWeight`: SF Pro's vertical metrics, the design's
    /// size-adjust and tracking, and the axes `opsz` (14 text, 32 display: Inter's own two designs) and `wght`.
    package static func standInAdjustment(cssWeight: Double, display: Bool) -> FaceAdjustment {
        FaceAdjustment(ascent: sfAscent, descent: sfDescent, lineGap: sfLineGap,
                       sizeAdjust: display ? displaySizeAdjust : textSizeAdjust,
                       axes: ["opsz": display ? 32 : 14, "wght": cssWeight.isFinite ? min(max(cssWeight, 100), 900) : 400],
                       tracking: display ? displayTracking : textTracking)
    }

    /// The stand-in's face: the bundled upright or italic file with `standInAdjustment`. Every weight, the nine and
    /// those between (650), is the variable font's instance at that `wght`, as SF Pro, itself variable, draws it.
    /// Without the bundled files, a path whose message says what is missing and what to do.
    static func standInFace(cssWeight: Double, italic: Bool, display: Bool) -> FontFile {
        guard let folder = standInFolder else {
            return FontFile(path: "(\(missingStandInPrefix), Inter \(standInVersion), is missing: neither "
                + "\(programFolder)/LabelSnapshot_Typesetting.resources/Inter nor the package's "
                + "Sources/Typesetting/Resources/Inter holds \(standInFileName); copy the resource bundle beside the program)")
        }
        return FontFile(path: folder + (italic ? standInItalicFileName : standInFileName),
                        adjustment: standInAdjustment(cssWeight: cssWeight, display: display))
    }
}
