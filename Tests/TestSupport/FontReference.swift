import CFreeType
import Foundation

/// An independent reading of a font file with FreeType alone (no HarfBuzz, no LabelSnapshot code):
/// design units from `hmtx`, `kern` and the face header, scaled linearly to points (docs/fonts.md, Advances).
/// Expected values in the layout tests are derived from this, never copied from the program's output.
public struct FontReference: Sendable {
    public let upem: Int
    public let ascender: Int, descender: Int, height: Int
    private let advances: [UInt32: Int]   // scalar → advance in font units
    private let kerning: [String: Int]    // "ab" → kern-table adjustment in font units

    public init(path: String, text: String) throws {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw CocoaError(.fileReadUnknown) }
        defer { FT_Done_FreeType(lib) }
        var face: FT_Face?
        guard FT_New_Face(lib, path, 0, &face) == 0, let face else { throw CocoaError(.fileReadNoSuchFile) }
        defer { FT_Done_Face(face) }
        upem = Int(face.pointee.units_per_EM)
        ascender = Int(face.pointee.ascender); descender = Int(face.pointee.descender); height = Int(face.pointee.height)
        var adv: [UInt32: Int] = [:]
        for s in text.unicodeScalars {
            var a: FT_Fixed = 0
            FT_Get_Advance(face, FT_Get_Char_Index(face, FT_ULong(s.value)), FT_Int32(FT_LOAD_NO_SCALE), &a)
            adv[s.value] = Int(a)
        }
        advances = adv
        // Pair adjustments from the legacy `kern` table (FT_Get_Kerning reads only that table).
        var kern: [String: Int] = [:]
        let scalars = Array(text.unicodeScalars)
        for a in scalars { for b in scalars {
            var v = FT_Vector()
            FT_Get_Kerning(face, FT_Get_Char_Index(face, FT_ULong(a.value)), FT_Get_Char_Index(face, FT_ULong(b.value)),
                           FT_UInt(FT_KERNING_UNSCALED.rawValue), &v)
            if v.x != 0 { kern[String(a) + String(b)] = Int(v.x) }
        } }
        kerning = kern
    }

    /// Whether the face's character map (`cmap`, read by FreeType) has a glyph for `scalar`: a glyph index other
    /// than 0 (.notdef). False when the file cannot be opened (a font that is not installed covers nothing).
    public static func covers(_ scalar: Unicode.Scalar, path: String, faceIndex: Int = 0) -> Bool {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return false }
        defer { FT_Done_FreeType(lib) }
        var face: FT_Face?
        guard FT_New_Face(lib, path, FT_Long(faceIndex), &face) == 0, let face else { return false }
        defer { FT_Done_Face(face) }
        return FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// Advance of one scalar, font units (`hmtx`).
    public func advance(_ s: Unicode.Scalar) -> Int { advances[s.value] ?? 0 }

    /// Width of `text` in points at `pointSize`, as docs/fonts.md (Advances) defines it: the exact sum of the advances
    /// and `kern`-table pairs in font units, × pointSize / unitsPerEm. No pixel size, so no scale.
    public func width(_ text: String, pointSize: Double) -> Double {
        let scalars = Array(text.unicodeScalars)
        var units = scalars.reduce(0) { $0 + advance($1) }
        for (a, b) in zip(scalars, scalars.dropFirst()) { units += kerning[String(a) + String(b)] ?? 0 }
        return Double(units) * pointSize / Double(upem)
    }

    /// The kerning pairs of `text` found in the `kern` table, in font units.
    public var kerningPairs: [String: Int] { kerning }

    /// Advance of one scalar without kerning, in pixels at `pixelSize`, scaled linearly (no 26.6 rounding).
    public func linearAdvance(_ s: Unicode.Scalar, pixelSize: Double) -> Double {
        Double(advances[s.value] ?? 0) * pixelSize / Double(upem)
    }

    public func lineHeight(pointSize: Double) -> Double { Double(height) * pointSize / Double(upem) }
    public func ascender(pointSize: Double) -> Double { Double(ascender) * pointSize / Double(upem) }

    /// Pixel rounding (docs/layout-rules.md): up to the next pixel, forgiving half the layout tolerance of 10⁻⁶ pt.
    public static func px(_ v: Double, _ scale: Double) -> Double { ((v - 0.5e-6) * scale).rounded(.up) / scale }
}

/// Printable ASCII and "…": the scalars the layout tests measure.
public let asciiAndEllipsis = String(String.UnicodeScalarView((0x20...0x7E).compactMap(Unicode.Scalar.init))) + "\u{2026}"

/// HarfBuzz's own shaping utility (`hb-shape`, apt `libharfbuzz-bin`), run as a separate process: the expected
/// advances of a text in font units, for tests of weights, features and variable instances.
public enum HBShape {
    /// The x advances `hb-shape` prints for `text` in `path` (face `faceIndex`), with `--features` and
    /// `--variations` as given (`"tnum"`, `"wght=650"`), in visual order. Throws when the tool is missing or fails.
    public static func advances(path: String, faceIndex: Int = 0, text: String, features: String? = nil,
                                variations: String? = nil) throws -> [Int] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/hb-shape")
        var arguments = ["--no-glyph-names", "--no-clusters", "--face-index=\(faceIndex)"]
        if let features { arguments.append("--features=\(features)") }
        if let variations { arguments.append("--variations=\(variations)") }
        process.arguments = arguments + [path, text]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        // "[12+1308|40@-3,0+1200]": each glyph is id, optional @offsets, then +advance.
        let output = String(decoding: data, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: "[]\n"))
        return output.split(separator: "|").map { glyph in Int(glyph.split(separator: "+").last ?? "") ?? 0 }
    }
}

/// fontconfig's own query utility (`fc-query`, apt `fontconfig`), run as a separate process: what a font file's
/// faces are called, for tests of fonts found by name.
public enum FCQuery {
    /// Each face's index (fontconfig's: named instances are `instance << 16 | face`) and PostScript name, as
    /// `fc-query -f '%{index}\t%{postscriptname}\n' PATH` prints them; faces without a name left out.
    public static func postScriptNames(path: String) throws -> [(index: Int, name: String)] {
        try fields(path: path, ["index", "postscriptname"]).compactMap { f in
            guard let index = Int(f[0]), !f[1].isEmpty else { return nil }
            return (index, f[1])
        }
    }

    /// Each face's values of fontconfig's `objects` (`["index", "slant"]`), one row per face, as
    /// `fc-query -f '%{index}\t%{slant}\n' PATH` prints them.
    public static func fields(path: String, _ objects: [String]) throws -> [[String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-query")
        process.arguments = ["-f", objects.map { "%{\($0)}" }.joined(separator: "\t") + "\n", path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }.filter { $0.count == objects.count }
    }
}
