import Foundation
import TestSupport
import XCTest
@testable import Typesetting

/// What `FontRegistry` refuses and why: two files with one PostScript name (`Font(name:size:)` would draw either),
/// a folder whose fonts are not all readable (none is registered, and the error says so), and what it leaves
/// alone (a subfolder named like a font). Fonts renamed at test time (`SFNTTables`), each test its own names.
final class FontRegistrationTests: XCTestCase {
    func folder(_ name: String) throws -> String {
        let path = NSTemporaryDirectory() + "font-registration-\(getpid())/\(name)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `source` renamed to PostScript name `postScriptName`, written to `path`.
    func renamed(_ source: String, _ postScriptName: String, to path: String) throws {
        var font = try SFNTTables(path: source)
        font.rename(family: postScriptName + " Family", fullName: postScriptName, postScriptName: postScriptName)
        try font.write(to: path)
    }

    static let interSemiBold = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"
    static let dejaVuSans = FontFile.dejaVuSans.path

    func testTwoFilesOfOnePostScriptNameAreRefusedNamingBoth() throws {
        let dir = try folder("one-name")
        let otf = dir + "/DupA-SemiBold.otf", ttf = dir + "/DupA-SemiBold.ttf"
        try renamed(Self.interSemiBold, "DupA-SemiBold", to: otf)
        try renamed(Self.dejaVuSans, "DupA-SemiBold", to: ttf)
        XCTAssertNoThrow(try FontRegistry.register(fileAt: URL(fileURLWithPath: otf)))
        XCTAssertThrowsError(try FontRegistry.register(fileAt: URL(fileURLWithPath: ttf))) { error in
            XCTAssertEqual(error as? FontRegistrationError, .duplicatePostScriptName(name: "DupA-SemiBold", path: ttf, registered: otf))
            XCTAssertEqual("\(error)", "\(ttf) and \(otf) both have a face with the PostScript name \"DupA-SemiBold\", so a font by that "
                + "name could be either: register only one of them (move the other out of the folder)")
        }
        XCTAssertEqual(try Font(name: "DupA-SemiBold", size: 12).file.path, otf, "the first stays the one registered")
        // The same file again, and a byte-identical copy elsewhere, are fine.
        XCTAssertNoThrow(try FontRegistry.register(fileAt: URL(fileURLWithPath: otf)))
        let copy = try folder("one-name-copy") + "/Copy.otf"
        try FileManager.default.copyItem(atPath: otf, toPath: copy)
        XCTAssertNoThrow(try FontRegistry.register(fileAt: URL(fileURLWithPath: copy)))
    }

    func testAFolderWithTwoFilesOfOneNameRegistersNothing() throws {
        let dir = try folder("one-name-folder")
        try renamed(Self.interSemiBold, "DupB-SemiBold", to: dir + "/DupB-SemiBold.otf")
        try renamed(Self.dejaVuSans, "DupB-SemiBold", to: dir + "/DupB-SemiBold.ttf")
        XCTAssertThrowsError(try FontRegistry.register(folder: URL(fileURLWithPath: dir))) { error in
            XCTAssertEqual(error as? FontRegistrationError, .inFolder(folder: dir, .duplicatePostScriptName(
                name: "DupB-SemiBold", path: dir + "/DupB-SemiBold.ttf", registered: dir + "/DupB-SemiBold.otf")))
            XCTAssertTrue("\(error)".hasSuffix("; none of the fonts in \(dir) was registered"), "\(error)")
        }
        XCTAssertFalse(FontRegistry.registeredFaces.contains { $0.postScriptName == "DupB-SemiBold" })
    }

    func testABrokenFontInAFolderSaysNoneWasRegistered() throws {
        let dir = try folder("broken")
        try renamed(Self.dejaVuSans, "GoodC-Regular", to: dir + "/a.ttf")
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: dir + "/b.ttf"))
        XCTAssertThrowsError(try FontRegistry.register(folder: URL(fileURLWithPath: dir))) { error in
            XCTAssertEqual(error as? FontRegistrationError, .inFolder(folder: dir, .notAFont(path: dir + "/b.ttf")))
            XCTAssertTrue("\(error)".hasPrefix("\(dir)/b.ttf is not a font FreeType can read"), "\(error)")
            XCTAssertTrue("\(error)".hasSuffix("; none of the fonts in \(dir) was registered"), "\(error)")
        }
        XCTAssertFalse(FontRegistry.registeredFaces.contains { $0.postScriptName == "GoodC-Regular" })
    }

    func testASubfolderNamedLikeAFontIsLeftAlone() throws {
        let dir = try folder("subfolder")
        try renamed(Self.dejaVuSans, "GoodD-Regular", to: dir + "/a.ttf")
        try FileManager.default.createDirectory(atPath: dir + "/sub.ttf", withIntermediateDirectories: true)
        XCTAssertEqual(try FontRegistry.register(folder: URL(fileURLWithPath: dir)).map(\.postScriptName), ["GoodD-Regular"])
        let only = try folder("only-subfolder")
        try FileManager.default.createDirectory(atPath: only + "/sub.ttf", withIntermediateDirectories: true)
        XCTAssertThrowsError(try FontRegistry.register(folder: URL(fileURLWithPath: only))) { error in
            XCTAssertEqual(error as? FontRegistrationError, .noFonts(folder: only))
        }
    }
}
