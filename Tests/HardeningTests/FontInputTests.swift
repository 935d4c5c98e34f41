import Foundation
import LabelRendering
import Typesetting
import XCTest

/// Missing and corrupt font files, and fonts without the needed glyphs: a `LabelError.font` naming
/// the file (never a crash), or a defined result (.notdef boxes, listed in `missingScalars`).
final class FontInputTests: XCTestCase {
    private func label(_ path: String, faceIndex: Int = 0, text: String = "Hello") -> PaddedLabel {
        PaddedLabel(text, font: Font(path: path, size: 17, faceIndex: faceIndex, fallbacks: []))
    }

    private func assertFontError(_ path: String, faceIndex: Int = 0, _ check: (TypesettingError) -> Bool,
                                 file: StaticString = #filePath, line: UInt = #line) {
        let l = label(path, faceIndex: faceIndex)
        // Every entry point reports it the same way.
        for error in [labelError(try l.makeLayout(), file: file, line: line),
                      labelError(try l.intrinsicContentSize, file: file, line: line),
                      labelError(try l.sizeThatFits(CGSize(width: 100, height: 100)), file: file, line: line),
                      labelError(try l.render(), file: file, line: line)] {
            guard case .font(let e)? = error else { return XCTFail("not a font error: \(String(describing: error))", file: file, line: line) }
            XCTAssertTrue(check(e), "\(e)", file: file, line: line)
            XCTAssertTrue(e.description.contains(path), "message names the file: \(e)", file: file, line: line)
        }
    }

    func testMissingFontFile() {
        let path = Scratch.folder + "/does-not-exist.ttf"
        assertFontError(path) { if case .fontNotFound(path, nil) = $0 { return true }; return false }
        XCTAssertEqual(TypesettingError.fontNotFound(path: path, package: nil).description,
                       "font file not found or not readable: \(path) (check the path)")
    }

    func testMissingWellKnownFontNamesItsPackage() throws {
        let e = try XCTUnwrap(labelError(try label("/usr/share/fonts/truetype/dejavu/DejaVuSans-Nope.ttf").makeLayout()))
        XCTAssertTrue(e.description.contains("apt-get install fonts-dejavu-core"), e.description)
    }

    func testTruncatedFontFiles() throws {
        let dejaVu = try XCTUnwrap(FileManager.default.contents(atPath: FontFile.dejaVuSans.path))
        // Lengths inside the table directory, the first tables and the glyph data.
        for length in [0, 1, 4, 11, 12, 100, 400, 4096, dejaVu.count / 2] {
            let path = Scratch.file("truncated-\(length).ttf", dejaVu.prefix(length))
            let l = label(path, text: "Hello, wörld")
            do {
                // FreeType may open a file cut in its glyph data and fail per glyph (empty images):
                // that is a defined result; otherwise it is an unreadable-font error.
                let bitmap = try l.render()
                XCTAssertGreaterThan(bitmap.width, 0, "length \(length)")
            } catch LabelError.font(let e) {
                guard case .unreadableFont(path, 0, let code) = e else { return XCTFail("length \(length): \(e)") }
                XCTAssertNotEqual(code, 0, "length \(length)")
                XCTAssertTrue(e.description.contains("is it a TrueType/OpenType font"), e.description)
            }
        }
    }

    func testRandomBytesNamedTTF() {
        for seed in 0..<8 as Range<UInt64> {
            let path = Scratch.file("random-\(seed).ttf", Data(pseudoRandomBytes(2048 + Int(seed) * 999, seed: seed)))
            assertFontError(path) { if case .unreadableFont = $0 { return true }; return false }
        }
    }

    func testRandomBytesAfterAValidTrueTypeHeader() {
        // A plausible sfnt header (version 1.0, 12 tables) over garbage: FreeType must reject, not read wild.
        for seed in 0..<8 as Range<UInt64> {
            let bytes = [0, 1, 0, 0, 0, 12, 0, 128, 0, 3, 0, 32] + pseudoRandomBytes(4096, seed: 100 + seed)
            let path = Scratch.file("header-random-\(seed).ttf", Data(bytes))
            let l = label(path)
            do { _ = try l.render() } catch LabelError.font {} catch { XCTFail("\(error)") }
        }
    }

    func testDirectoryAndEmptyFileNamedTTF() {
        let dir = Scratch.directory("a-directory.ttf")
        assertFontError(dir) {
            switch $0 { case .fontNotFound, .unreadableFont: return true; default: return false }
        }
        let empty = Scratch.file("empty.ttf", Data())
        assertFontError(empty) { if case .unreadableFont = $0 { return true }; return false }
    }

    func testFaceIndexOutOfRange() {
        assertFontError(FontFile.dejaVuSans.path, faceIndex: 5) { if case .unreadableFont(_, 5, _) = $0 { return true }; return false }
        assertFontError(FontFile.dejaVuSans.path, faceIndex: -1) { if case .unreadableFont = $0 { return true }; return false }
    }

    func testCorruptFallbackIsSkipped() throws {
        // A broken fallback does not stop the label: the primary font decides, missing glyphs are listed.
        let broken = FontFile(path: Scratch.file("broken-fallback.ttf", Data(pseudoRandomBytes(999, seed: 42))))
        let font = Font(file: .dejaVuSans, size: 17, fallbacks: [broken, .nanumGothic])
        let layout = try PaddedLabel("Hi 한글", font: font).makeLayout()
        XCTAssertEqual(layout.missingScalars, [])
        XCTAssertEqual(layout.fontsUsed.map(\.path), [FontFile.dejaVuSans.path, FontFile.nanumGothic.path])
    }

    func testFontWithoutTheNeededGlyphs() throws {
        // DejaVu Sans has no Hangul and no Han; with no fallbacks they are .notdef boxes, listed as missing.
        let l = PaddedLabel("A한글漢", font: Font(file: .dejaVuSans, size: 20, fallbacks: []))
        let layout = try l.makeLayout()
        XCTAssertEqual(layout.missingScalars.map(\.value), [0xD55C, 0xAE00, 0x6F22])
        XCTAssertEqual(layout.fontsUsed, [.dejaVuSans])
        XCTAssertEqual(layout.glyphs.count, 4)
        XCTAssertEqual(layout.glyphs.filter { $0.glyphID == 0 }.count, 3, ".notdef for each missing scalar")
        let bitmap = try l.render()
        XCTAssertEqual(bitmap.width, layout.pixelWidth)
        XCTAssertGreaterThan(stride(from: 3, to: bitmap.pixels.count, by: 4).filter { bitmap.pixels[$0] > 0 }.count, 100,
                             "the boxes are drawn")
        XCTAssertTrue(layout.layoutDescription.contains("missing: U+D55C U+AE00 U+6F22"), layout.layoutDescription)
    }

    func testEmojiFontAsPrimaryForLatinText() throws {
        // A bitmap-only colour font as the primary face for text it does not cover: defined, no crash.
        let l = PaddedLabel("abc", font: Font(file: .notoColorEmoji, size: 17, fallbacks: []))
        let layout = try l.makeLayout()
        XCTAssertEqual(layout.missingScalars.map(\.value), [0x61, 0x62, 0x63])
        _ = try l.render()
    }

    func testUnknownFamily() {
        XCTAssertThrowsError(try Font(family: "No Such Family 12345", size: 17)) { error in
            XCTAssertEqual(error as? TypesettingError, .familyNotFound(family: "No Such Family 12345", package: nil))
        }
        XCTAssertThrowsError(try Font(family: "", size: 17))
        XCTAssertThrowsError(try Font(family: "Dejavu\0Sans", size: 17))
    }
}
