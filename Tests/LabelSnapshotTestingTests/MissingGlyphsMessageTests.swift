import Foundation
import LabelSnapshotTesting
import TestSupport
import XCTest

/// Recording a label whose fallback font was deleted or emptied writes a reference of .notdef boxes: the test
/// message says so, naming the code points, the fonts tried, the file and what is wrong with it, and the package.
final class MissingGlyphsMessageTests: XCTestCase {
    func testRecordingBoxesWarnsInTheMessage() throws {
        let pkg = try TempPackage()
        let missing = pkg.root + "/gone/NotoSansCJK-Regular.ttc"
        let empty = pkg.root + "/NotoSansCJK-Regular.ttc"
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        for (name, fallback, problem) in [
            ("missing", missing, "missing: " + missing + "; install it with: apt-get install fonts-noto-cjk"),
            ("empty", empty, "unreadable: " + empty + " is empty (0 bytes); reinstall it with: apt-get install --reinstall fonts-noto-cjk"),
        ] {
            let label = PaddedLabel("한 漢", font: Font(path: dejaVu, size: 17, fallbacks: [FontFile(path: fallback)]))
            let message = try XCTUnwrap(withSnapshotTesting(environment: [:]) {
                verifySnapshot(of: label, as: .image, named: name, file: pkg.testFile, testName: "testBoxes()")?.message
            })
            XCTAssertTrue(message.hasPrefix("No reference was found for snapshot testBoxes.\(name)"), message)
            // U+D55C and U+6F22: DejaVu Sans has neither (fc-query's charset of the file holds neither).
            XCTAssertTrue(message.contains("Warning: 2 code points have no glyph in any font of the chain and are drawn as .notdef boxes: "
                + "U+D55C HANGUL SYLLABLE HAN, U+6F22 CJK UNIFIED IDEOGRAPH-6F22; fonts tried: DejaVuSans.ttf, "
                + "NotoSansCJK-Regular.ttc (" + problem + ")."), message)
        }
        // Covered text records with the plain message.
        let fine = try XCTUnwrap(withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: PaddedLabel("Hallo", font: Font(path: dejaVu, size: 17, fallbacks: [FontFile(path: empty)])), as: .image,
                                named: "fine", file: pkg.testFile, testName: "testBoxes()")?.message
        })
        XCTAssertFalse(fine.contains("Warning"), fine)
    }
}
