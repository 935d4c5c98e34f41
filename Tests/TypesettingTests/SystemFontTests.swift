import TestSupport
import Foundation
import Testing
import Typesetting

/// The system font's stand-in against published SF Pro figures: `hhea` ascender 1950, descender −494, line gap 0 per
/// 2048 (iOS: `UIFont.systemFont(ofSize: 15).lineHeight` = 17.900391), Capsize's average width 932 / 2048 em and
/// the HIG's tracking table. Inter's side is read from the bundled files with `hb-shape`.
@Suite struct SystemFontTests {
    /// Capsize's English unigram weights of the 39 most frequent characters (packages/unpack unigrams-en.txt).
    static let weights: [(Character, Double)] = [
        ("e", 97925146), ("a", 69866832), ("t", 69270497), ("i", 60680899), ("o", 59434247), ("n", 59114269),
        ("s", 53439493), ("r", 53374132), ("h", 38231045), ("l", 34135199), ("d", 31451200), ("c", 27588224),
        ("u", 21677129), ("m", 21323433), ("f", 18546842), ("p", 17112085), ("g", 15670982), ("w", 13477627),
        ("y", 12494574), ("b", 11964409), ("v", 8547684), ("k", 4837377), ("1", 4040427), ("0", 3519243),
        ("2", 2465084), ("9", 2236456), ("x", 1626486), ("8", 1608422), ("j", 1506987), ("5", 1489353),
        ("4", 1422909), ("3", 1406980), ("'", 1349061), ("6", 1342565), ("7", 1205856), ("z", 1066591),
        ("%", 947439), ("q", 885767), ("$", 239768),
    ]

    /// The weighted average advance of a face at `variations`, em: each character shaped alone by hb-shape (its
    /// `hmtx`/`HVAR` advance, no kerning).
    static func averageWidth(_ path: String, variations: String) throws -> Double {
        let total = weights.reduce(0) { $0 + $1.1 }
        var sum = 0.0
        for (character, weight) in weights {
            sum += weight * Double(try HBShape.advances(path: path, text: String(character), variations: variations).reduce(0, +))
        }
        return sum / total / 2048
    }

    /// The bundled files (this checkout's; `Resources/Inter/README.md` gives their SHA-256).
    static let bundled = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Typesetting/Resources/Inter").path

    /// Apple HIG, Typography, tracking by point size (1/1000 em): SF Pro Text 6…19 pt, SF Pro Display from 20 pt.
    static let hig: [Double: Double] = [6: 41, 7: 34, 11: 6, 12: 0, 13: -6, 17: -26, 18: -25, 19: -24,
                                        20: 19, 22: 16, 23: 16, 28: 13, 34: 11, 40: 10, 80: 0, 100: 0]

    @Test func trackingIsTheHIGs() {
        for (size, thousandths) in Self.hig {
            let adjustment = SystemFont.standInAdjustment(cssWeight: 400, display: size >= 20)
            #expect(abs(adjustment.tracking(atPointSize: size) - thousandths / 1000) < 1e-12, "\(size) pt")
        }
        // Between two whole sizes of the text table: linear (17.5 pt: −25.5).
        #expect(abs(SystemFont.standInAdjustment(cssWeight: 400, display: false).tracking(atPointSize: 17.5) + 0.0255) < 1e-12)
    }

    @Test func sizeAdjustMatchesSFProsAverageWidth() throws {
        // The display constant was measured from the bundled file at opsz 32; re-measured here with hb-shape.
        let display = try Self.averageWidth(Self.bundled + "/Inter-4.1.ttf", variations: "opsz=32,wght=400")
        #expect(abs(SystemFont.displaySizeAdjust - (932.0 / 2048) / display) < 1e-6)
        #expect(SystemFont.textSizeAdjust == 1)
    }

    /// Each weight, in both designs, draws the bundled variable font at its `wght` and the design's `opsz`: advances
    /// are hb-shape's at those axes × the design's size-adjust, plus the HIG's tracking after each character.
    @Test func everyWeightsAdvancesAreHBShapesWithSizeAdjustAndTracking() throws {
        let text = "Padding 0123"
        for (size, opsz, adjust) in [(13.0, 14, 1.0), (24.0, 32, SystemFont.displaySizeAdjust)] {
            let tracking = (size == 13 ? -6.0 : 15.0) / 1000
            for entry in Font.Weight.all {
                for italic in [false, true] {
                    var font = Font.system(size: size, weight: entry.weight)
                    if italic { font = font.italic() }
                    #expect(SystemFont.isStandInFile(font.file.path))
                    #expect(font.file.path.hasSuffix(italic ? "/Inter-4.1-Italic.ttf" : "/Inter-4.1.ttf"), "\(font.file.path)")
                    #expect(font.variations.isEmpty)
                    let css = entry.weight.cssWeight
                    let expected = try HBShape.advances(path: font.file.path, text: text, variations: "opsz=\(opsz),wght=\(Int(css))")
                    let shaped = try Shaper.shape(Array(text.utf16), font: font)
                    #expect(shaped.glyphs.count == expected.count)
                    for (glyph, units) in zip(shaped.glyphs, expected) {
                        #expect(abs(glyph.advance - (Double(units) / 2048 * adjust + tracking)) < 1e-9, "\(entry.name) at \(size) pt")
                    }
                }
            }
        }
    }

    /// A weight between UIKit's nine is drawn at that weight, as SF Pro (a variable font) draws it.
    @Test func aWeightBetweenTheNineIsTheVariableInstance() throws {
        let font = Font.system(size: 13, weight: Font.Weight(cssWeight: 650))
        #expect(font.file.adjustment?.axes == ["wght": 650, "opsz": 14])
        let expected = try HBShape.advances(path: font.file.path, text: "New badge", variations: "opsz=14,wght=650")
        let shaped = try Shaper.shape(Array("New badge".utf16), font: font)
        for (glyph, units) in zip(shaped.glyphs, expected) { #expect(abs(glyph.advance - (Double(units) / 2048 - 0.006)) < 1e-9) }
        let semibold = try Shaper.shape(Array("New badge".utf16), font: .system(size: 13, weight: .semibold)).width(0..<9)
        let bold = try Shaper.shape(Array("New badge".utf16), font: .system(size: 13, weight: .bold)).width(0..<9)
        #expect(semibold < shaped.width(0..<9) && shaped.width(0..<9) < bold)
    }

    @Test func environmentAndTaskSource() throws {
        #expect(SystemFont.Source(parsing: "") == .standIn)
        #expect(SystemFont.Source(parsing: "DejaVu Sans") == .family("DejaVu Sans"))
        #expect(SystemFont.Source(parsing: "/a/b.otf:/c") == .files(["/a/b.otf", "/c"]))
        // Another family: its faces by weight (fc-list: DejaVu Sans Book 400, Bold 700), its own metrics.
        SystemFont.withSystemFont(.family("DejaVu Sans")) {
            let font = Font.system(size: 17, weight: .semibold)
            #expect(font.file.path == "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
            #expect(font.file.adjustment == nil)
            // The source stays with the font: a size change does not fall back to the stand-in.
            #expect(font.withSize(24).file.path == "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        }
        // Files of one family (fc-query: both "Inter"): the bold named instance of the roman file.
        let roman = "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf"
        SystemFont.withSystemFont(.files([roman, "/usr/share/fonts/truetype/inter-vf/Inter-italic.var.ttf"])) {
            #expect(Font.system(size: 17, weight: .bold).file.path == roman)
        }
        let missing = SystemFont.withSystemFont(.family("No Such Family 12")) { Font.system(size: 17) }
        #expect(throws: TypesettingError.self) { try Shaper.shape(Array("a".utf16), font: missing) }
        #expect(SystemFont.isStandInFile(Font.system(size: 17).file.path))
    }

    /// A folder of one family draws its faces by weight and slant; one of several families is refused, naming them.
    /// Expected faces from fc-query of Debian's DejaVu files copied into a temporary folder.
    @Test func aFolderDrawsItsOneFamilyAndRefusesSeveral() throws {
        let dejaVu = "/usr/share/fonts/truetype/dejavu/"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("system-font-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSans-Oblique.ttf", "DejaVuSansCondensed.ttf"]
        for file in files { try FileManager.default.copyItem(atPath: dejaVu + file, toPath: folder.path + "/" + file) }
        // fc-query: family (first), weight (80 = 400, 200 = 700), slant (110 = oblique) and width (87 = condensed).
        var rows: [String: [String]] = [:]
        for file in files {
            let row: [String] = try #require(FCQuery.fields(path: folder.path + "/" + file, ["family", "weight", "slant", "width"]).first)
            rows[file] = row
        }
        #expect(Set(rows.values.map { $0[0].split(separator: ",")[0] }) == ["DejaVu Sans"])
        #expect(rows["DejaVuSans.ttf"]?.dropFirst() == ["80", "0", "100"])
        #expect(rows["DejaVuSans-Bold.ttf"]?.dropFirst() == ["200", "0", "100"])
        #expect(rows["DejaVuSans-Oblique.ttf"]?.dropFirst() == ["80", "110", "100"])
        #expect(rows["DejaVuSansCondensed.ttf"]?.dropFirst() == ["80", "0", "87"])
        SystemFont.withSystemFont(.files([folder.path])) {
            // Regular: the 400 face of normal width; semibold: 700 by CSS's rule (no 600); italic: the oblique.
            #expect(Font.system(size: 17).file.path == folder.path + "/DejaVuSans.ttf")
            #expect(Font.system(size: 17, weight: .semibold).file.path == folder.path + "/DejaVuSans-Bold.ttf")
            #expect(Font.system(size: 17).italic().file.path == folder.path + "/DejaVuSans-Oblique.ttf")
        }
        // A second family in the folder (fc-query: "DejaVu Sans Mono"): no face is drawn by chance.
        try FileManager.default.copyItem(atPath: dejaVu + "DejaVuSansMono.ttf", toPath: folder.path + "/DejaVuSansMono.ttf")
        let mono = try #require(FCQuery.fields(path: folder.path + "/DejaVuSansMono.ttf", ["family"]).first?.first)
        #expect(mono == "DejaVu Sans Mono")
        let refused = SystemFont.withSystemFont(.files([folder.path])) { Font.system(size: 17, weight: .semibold) }
        let error = #expect(throws: TypesettingError.self) { try Shaper.shape(Array("a".utf16), font: refused) }
        #expect(error?.description == "LABELSNAP_SYSTEM_FONT=\(folder.path) holds 2 families (DejaVu Sans, \(mono)): "
            + "give the files of one family, or a folder holding only them")
    }

    /// A family that is not installed is said in one message, with no advice about paths.
    @Test func anUnknownFamilyIsOneClearMessage() {
        let missing = SystemFont.withSystemFont(.family("No Such")) { Font.system(size: 17) }
        let error = #expect(throws: TypesettingError.self) { try Shaper.shape(Array("a".utf16), font: missing) }
        #expect(error?.description == "LABELSNAP_SYSTEM_FONT=No Such names no installed or registered family: "
            + "list them with fc-list : family, or give font files or folders (a value with a /)")
        let empty = SystemFont.withSystemFont(.files(["/nonexistent-fonts/"])) { Font.system(size: 17) }
        let none = #expect(throws: TypesettingError.self) { try Shaper.shape(Array("a".utf16), font: empty) }
        #expect(none?.description == "LABELSNAP_SYSTEM_FONT=/nonexistent-fonts/: no file or folder at /nonexistent-fonts/: check the path")
    }

    /// Each way files cannot draw the system font is its own message (a missing path, a non-font file named or in a
    /// folder under a font's name, a folder with no font file), and a folder's README is left alone. A file named
    /// explicitly that is no font was skipped (the other files drew), a missing path said "holds no font file".
    @Test func eachUnusableFileIsSaidInItsOwnWords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("system-font-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/fonts", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/docs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let regular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        try FileManager.default.copyItem(atPath: regular, toPath: folder + "/fonts/DejaVuSans.ttf")
        for (name, text) in [("fonts/README", "read me"), ("docs/LICENSE", "licence"), ("notes.ttf", "not a font")] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        func message(_ paths: [String]) -> String? {
            let font = SystemFont.withSystemFont(.files(paths)) { Font.system(size: 17) }
            do { _ = try Shaper.shape(Array("a".utf16), font: font); return nil } catch { return "\(error)" }
        }
        // The README beside the font is skipped: the folder draws its one face.
        #expect(message([folder + "/fonts"]) == nil)
        #expect(SystemFont.withSystemFont(.files([folder + "/fonts"])) { Font.system(size: 17).file.path } == folder + "/fonts/DejaVuSans.ttf")
        let notAFont = "is not a font FreeType can open: give TrueType or OpenType files (.ttf, .otf) or collections (.ttc, .otc); "
            + "a WOFF/WOFF2 web font must be decompressed first"
        #expect(message([folder + "/fonts", folder + "/notes.ttf"])
            == "LABELSNAP_SYSTEM_FONT=\(folder)/fonts:\(folder)/notes.ttf: \(folder)/notes.ttf \(notAFont)")
        #expect(message([folder + "/fonts", folder + "/fonts/README"])
            == "LABELSNAP_SYSTEM_FONT=\(folder)/fonts:\(folder)/fonts/README: \(folder)/fonts/README \(notAFont)")
        #expect(message([folder + "/fonts", folder + "/gone"])
            == "LABELSNAP_SYSTEM_FONT=\(folder)/fonts:\(folder)/gone: no file or folder at \(folder)/gone: check the path")
        #expect(message([folder + "/docs"]) == "LABELSNAP_SYSTEM_FONT=\(folder)/docs: the folder \(folder)/docs holds no font file "
            + "(.ttf, .otf, .ttc, .otc; its subfolders are not read): give the folder the fonts are in, or the files")
        // A file under a font's name in the folder is not skipped as a README is.
        try FileManager.default.moveItem(atPath: folder + "/notes.ttf", toPath: folder + "/fonts/notes.ttf")
        #expect(message([folder + "/fonts"]) == "LABELSNAP_SYSTEM_FONT=\(folder)/fonts: \(folder)/fonts/notes.ttf \(notAFont)")
    }

    @Test func displayDesignFrom20pt() throws {
        let nineteen = Font.system(size: 19.99), twenty = Font.system(size: 20)
        #expect(nineteen.file.adjustment == SystemFont.standInAdjustment(cssWeight: 400, display: false))
        #expect(nineteen.file.adjustment?.axes["opsz"] == 14)
        #expect(twenty.file.adjustment?.axes["opsz"] == 32)
        #expect(twenty.file.adjustment?.sizeAdjust == SystemFont.displaySizeAdjust)
    }
}
