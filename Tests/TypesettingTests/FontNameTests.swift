import Foundation
import TestSupport
import Testing
@testable import Typesetting

/// Fonts by name and registered fonts. Expected names from `fc-query` run at test time on the same files (Debian's
/// fontconfig, not the code under test); nearest names by edit distance worked by hand.
@Suite struct FontNameTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    static let notoCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

    /// A new folder under the temporary directory, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("font-name-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func registeredFolderFontFoundByPostScriptName() throws {
        // DejaVu Math TeX Gyre: an OFL font no other test draws, so registering a copy changes no other test's face.
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("BundledMath.ttf")
        try FileManager.default.copyItem(atPath: Self.dejaVu + "DejaVuMathTeXGyre.ttf", toPath: copy.path)
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("README.txt"))
        let expected = try FCQuery.postScriptNames(path: copy.path)
        #expect(expected.map(\.name) == ["DejaVuMathTeXGyre-Regular"])

        let faces = try FontRegistry.register(folder: folder)
        #expect(faces.map(\.file.path) == [copy.path])   // the README is left alone
        #expect(FontRegistry.registeredFaces.contains { $0.file.path == copy.path })
        // The registered copy, not the installed file of the same name: the app's own font.
        let font = try Font(name: expected[0].name, size: 15)
        #expect(font.file == FontFile(path: copy.path))
        #expect(font.pointSize == 15)
        #expect(try Font(name: "dejavumathtexgyre-regular", size: 15).file.path == copy.path)   // case ignored
        // Registering again changes nothing.
        #expect(try FontRegistry.register(fileAt: copy).map(\.file.path) == [copy.path])
        #expect(try Font(name: expected[0].name, size: 15).file.path == copy.path)
    }

    @Test func installedFacesByPostScriptAndFullName() throws {
        // fc-query Inter-SemiBold.otf: postscriptname Inter-SemiBold, fullname "Inter Semi Bold".
        let semibold = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"
        #expect(try FCQuery.postScriptNames(path: semibold).map(\.name) == ["Inter-SemiBold"])
        #expect(try Font(name: "Inter-SemiBold", size: 15).file.path == semibold)
        #expect(try Font(name: "Inter Semi Bold", size: 15).file.path == semibold)
        #expect(try Font(name: "DejaVuSans-Bold", size: 15).file.path == Self.dejaVu + "DejaVuSans-Bold.ttf")
    }

    @Test func aNameOfAnUprightAndAnItalicFacePicksTheUpright() throws {
        // Debian's fonts-inter-variable names the 600 instance "Inter_600wght" in the roman and the italic file alike
        // (fc-query: slant 0 and 100); the italic file sorts first by path, so path order drew Semi Bold Italic.
        let folder = "/usr/share/fonts/truetype/inter-vf/"
        func instance(_ file: String) throws -> (index: Int, slant: String) {
            let rows = try FCQuery.fields(path: folder + file, ["index", "postscriptname", "slant"])
            let row = try #require(rows.first { $0[1] == "Inter_600wght" })
            return (try #require(Int(row[0])), row[2])
        }
        let roman = try instance("Inter-roman.var.ttf"), italic = try instance("Inter-italic.var.ttf")
        #expect(roman.slant == "0" && italic.slant == "100")
        let font = try Font(name: "Inter_600wght", size: 15)
        #expect(font.file.path == folder + "Inter-roman.var.ttf")
        #expect(font.file.faceIndex == roman.index)
        #expect(font.file.info?.isItalic == false)
    }

    @Test func everyFaceOfACollection() throws {
        // NotoSansCJK-Regular.ttc holds ten faces (JP, KR, SC, TC, HK, and their Mono designs).
        let faces = try FCQuery.postScriptNames(path: Self.notoCJK)
        #expect(faces.count == 10)
        #expect(faces.first { $0.name == "NotoSansCJKkr-Regular" }?.index == 1)
        for (index, name) in faces {
            #expect(try Font(name: name, size: 15).file == FontFile(path: Self.notoCJK, faceIndex: index), "\(name)")
        }
    }

    @Test func unknownNameListsTheNearest() {
        // "Inter-SemiBlod" → "Inter-SemiBold": two substitutions (l↔o); no other installed name is within 2.
        #expect {
            _ = try Font(name: "Inter-SemiBlod", size: 15)
        } throws: { error in
            guard case .fontNameNotFound(let name, let nearest) = error as? TypesettingError else { return false }
            return name == "Inter-SemiBlod" && nearest.first == "Inter-SemiBold" && nearest.count == 5
                && "\(error)".contains("nearest names: \"Inter-SemiBold\"")
        }
        // By hand: kitten → sitting is 3; an empty string is its length.
        #expect(FontconfigResolver.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(FontconfigResolver.editDistance([], Array("abc")) == 3)
        #expect(FontconfigResolver.nearest(to: "abd", among: ["xyz", "abc", "abd ", "abc"], limit: 2) == ["abc", "abd "])
    }

    @Test func registrationErrorsSayWhatToDo() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = folder.appendingPathComponent("Broken.ttf")
        try Data("not a font".utf8).write(to: text)
        #expect(throws: FontRegistrationError.notAFont(path: text.path)) { try FontRegistry.register(fileAt: text) }
        let missing = folder.appendingPathComponent("Missing.otf")
        #expect(throws: FontRegistrationError.fileNotFound(path: missing.path)) { try FontRegistry.register(fileAt: missing) }
        #expect(throws: FontRegistrationError.notAFile(path: folder.path)) { try FontRegistry.register(fileAt: folder) }
        // A folder with one broken font registers nothing, not even its good fonts.
        let good = folder.appendingPathComponent("Good.ttf")
        try FileManager.default.copyItem(atPath: Self.dejaVu + "DejaVuMathTeXGyre.ttf", toPath: good.path)
        #expect(throws: FontRegistrationError.inFolder(folder: folder.path, .notAFont(path: text.path))) { try FontRegistry.register(folder: folder) }
        #expect(!FontRegistry.registeredFaces.contains { $0.file.path == good.path })
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
        #expect(throws: FontRegistrationError.noFonts(folder: empty.path)) { try FontRegistry.register(folder: empty) }
        #expect(throws: FontRegistrationError.folderNotFound(path: missing.path)) { try FontRegistry.register(folder: missing) }
        #expect("\(FontRegistrationError.notAFont(path: "x.ttf"))".contains("TrueType or OpenType"))
    }
}

@Suite struct NamedInstanceTests {
    @Test func namedInstanceShapesAsTheInstance() throws {
        // fc-query lists Inter's variable font's named instances by name (Inter_600wght = index 6 << 16); the
        // advances are hb-shape's with --variations=wght=600 on the same file, not the default instance's.
        let font = try Font(name: "Inter_600wght", size: 13)
        #expect(font.file.faceIndex == 6 << 16)
        let text = "Badge 42"
        let expected = try HBShape.advances(path: font.file.path, text: text, variations: "wght=600")
        let regular = try HBShape.advances(path: font.file.path, text: text)
        #expect(expected != regular)
        let upem = Double(try FontFace.load(font.file).unitsPerEm)
        let shaped = try Shaper.shape(Array(text.utf16), font: font)
        #expect(shaped.glyphs.map { Int(($0.advance * upem).rounded()) } == expected)
    }
}

@Suite struct SystemFontFallbackTests {
    @Test func standInFallsBackToCJKHangulEmojiAndDejaVu() throws {
        // Coverage from each font's cmap (FontReference.covers: FreeType alone): Inter has none of these.
        let cases: [(String, FontFile)] = [("漢字", .notoSansCJK), ("한글", .notoSansCJK), ("👍", .notoColorEmoji), ("שלום", .dejaVuSans)]
        let font = Font.system(size: 17)
        for (text, expected) in cases {
            for scalar in text.unicodeScalars {
                #expect(!FontReference.covers(scalar, path: font.file.path))
                #expect(FontReference.covers(scalar, path: expected.path, faceIndex: expected.faceIndex))
            }
            let shaped = try Shaper.shape(Array(text.utf16), font: font)
            #expect(shaped.glyphs.allSatisfy { $0.glyphID != 0 }, "\(text) has .notdef glyphs")
            #expect(shaped.glyphs.allSatisfy { shaped.faces[$0.faceIndex].path == expected.path }, "\(text)")
        }
    }
}
