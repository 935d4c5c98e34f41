import Foundation
import TestSupport
import XCTest
@testable import Typesetting

/// A font without a `cmap` table: FreeType synthesises a Unicode map from the glyph names (`post`) and fontconfig a
/// charset from it, but HarfBuzz, which shapes, maps every code point to glyph 0. Its clusters fall back as
/// uncovered ones do, and are reported missing when no face of the chain has them. The font is DejaVu Sans with
/// its `cmap` removed and its names changed, written at test time (`SFNTTables`).
final class NoCharacterMapTests: XCTestCase {
    static let noMap: String = {
        let path = NSTemporaryDirectory() + "labelsnap-nocmap-\(getpid()).ttf"
        var font = try! SFNTTables(path: FontFile.dejaVuSans.path)
        font.tables["cmap"] = nil
        font.rename(family: "Unmapped Sans", fullName: "Unmapped Sans", postScriptName: "UnmappedSans")
        try! font.write(to: path)
        return path
    }()

    let text = "Hello 가 ☃ Wörld"

    func testClustersOfAFontWithoutACharacterMapFallBack() throws {
        let fallbacks = [FontFile.nanumGothic, .dejaVuSans]
        let shaped = try Shaper.shape(Array(text.utf16), font: Font(file: FontFile(path: Self.noMap), size: 17, fallbacks: fallbacks))
        XCTAssertEqual(shaped.missingScalars, [])
        // Each cluster drawn by the first fallback whose cmap (read by FreeType alone) maps it, never glyph 0.
        for glyph in shaped.glyphs {
            let scalar = Unicode.Scalar(text.utf16[text.utf16.index(text.utf16.startIndex, offsetBy: glyph.cluster)])!
            let expected = fallbacks.first { FontReference.covers(scalar, path: $0.path) }
            XCTAssertEqual(shaped.faces[glyph.faceIndex], expected, "U+\(String(scalar.value, radix: 16))")
            XCTAssertNotEqual(glyph.glyphID, 0, "U+\(String(scalar.value, radix: 16))")
        }
    }

    func testClustersNoFaceMapsAreReportedMissing() throws {
        let shaped = try Shaper.shape(Array(text.utf16), font: Font(file: FontFile(path: Self.noMap), size: 17, fallbacks: []))
        // Every character, the spaces too: each would be drawn as the .notdef box.
        XCTAssertEqual(shaped.missingScalars, Array(text.unicodeScalars))
        XCTAssertTrue(shaped.glyphs.allSatisfy { $0.glyphID == 0 })
    }
}
