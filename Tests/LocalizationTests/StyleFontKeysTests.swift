import Foundation
import LabelSnapshotTesting
import Localization
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

    /// "italic": false makes an italic font upright, as --italic false does; "weight" takes what --weight takes.
    func testItalicFalseAndWholeWeightsAsOnTheCommandLine() throws {
        let inter = "/usr/share/fonts/opentype/inter/"
        let style = try LabelStyle(json: Array(#"{"italic": false, "width": 100, "font": "\#(inter)Inter-Italic.otf"}"#.utf8), file: "style.json")
        XCTAssertEqual(style.label.font.file.path, inter + "Inter-Regular.otf")
        XCTAssertThrowsError(try LabelStyle(json: Array(#"{"width": 100, "weight": 650.5}"#.utf8), file: "style.json")) { error in
            XCTAssertEqual("\(error)", #"style.json:1: "weight" takes a CSS weight as a whole number from 1 to 1000 in decimal digits "#
                           + "(a variable font's weight between two is a variation: wght=650.5), got 650.5")
        }
        XCTAssertEqual(try LabelStyle(json: Array(#"{"width": 100, "weight": 650}"#.utf8), file: "style.json").label.font.weight,
                       Font.Weight(cssWeight: 650))
    }

    func testAnUnknownFontNameIsRefusedWithItsLineAndTheNearestNames() {
        XCTAssertThrowsError(try LabelStyle(json: Array("{\"width\": 100,\n \"fontName\": \"DejaVuSans-Bld\"}".utf8), file: "style.json")) { error in
            XCTAssertTrue("\(error)".hasPrefix(#"style.json:2: "fontName": no registered or installed font named "DejaVuSans-Bld"; nearest names: "DejaVuSans-Bold""#),
                          "\(error)")
        }
    }
}
