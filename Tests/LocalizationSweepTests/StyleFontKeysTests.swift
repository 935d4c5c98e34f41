import Foundation
import LabelSnapshotTesting
import LocalizationSweep
import XCTest

/// A style's font keys apply in the property table's order, as labelsnap render's options, whatever order the file
/// writes them in: the weight restyles the font the style names. DejaVu Sans has 200, 400 and 700 (fc-list), so
/// CSS's rule takes Bold for semibold; its italic is Oblique.
final class StyleFontKeysTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/"

    func testTheWeightRestylesTheFontWrittenAfterIt() throws {
        let style = try LabelStyle(json: Array(#"{"weight": "semibold", "italic": true, "features": ["tnum"], "width": 100, "font": "DejaVu Sans"}"#.utf8),
                                   file: "style.json")
        XCTAssertEqual(style.label.font.file.path, Self.dejaVu + "DejaVuSans-BoldOblique.ttf")
        XCTAssertEqual(style.label.font.features, ["tnum": 1])
        // An override's weight restyles the base style's font; its own font is restyled by its own weight.
        let overridden = try LabelStyle(json: Array(#"""
            {"width": 100, "font": "DejaVu Sans", "overrides": [{"keys": "title.*", "weight": "bold"},
                                                                {"keys": "mono.*", "weight": "bold", "font": "DejaVu Sans Mono"}]}
            """#.utf8), file: "style.json")
        XCTAssertEqual(overridden.resolved(forKey: "title.main").label.font.file.path, Self.dejaVu + "DejaVuSans-Bold.ttf")
        XCTAssertEqual(overridden.resolved(forKey: "mono.code").label.font.file.path, Self.dejaVu + "DejaVuSansMono-Bold.ttf")
        XCTAssertEqual(overridden.resolved(forKey: "body").label.font.file.path, Self.dejaVu + "DejaVuSans.ttf")
    }

    func testAnUnknownFontNameIsRefusedWithItsLineAndTheNearestNames() {
        XCTAssertThrowsError(try LabelStyle(json: Array("{\"width\": 100,\n \"fontName\": \"DejaVuSans-Bld\"}".utf8), file: "style.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix(#"style.json:2: "fontName": no registered or installed font named "DejaVuSans-Bld"; nearest names: "DejaVuSans-Bold""#),
                          "\(error)")
        }
    }
}
