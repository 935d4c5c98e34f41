import Foundation
import Localization
import XCTest

/// A style object naming the primary face twice, as "font" and "fontName", is refused with the line of the second
/// (the face "fontName" found replaced "font"'s silently); an override may still rename the base style's face.
final class StyleConflictingKeysTests: XCTestCase {
    func testFontAndFontNameInOneObjectAreRefused() throws {
        let json = "{\"width\": 100, \"font\": \"DejaVu Sans\",\n \"fontName\": \"DejaVuSans-Bold\"}"
        XCTAssertThrowsError(try LabelStyle(json: Array(json.utf8), file: "style.json")) { error in
            XCTAssertEqual("\(error)", #"style.json:2: give either "font" or "fontName", not both: each names the primary face ("fallbacks" gives the others)"#)
        }
        let override = #"{"width": 100, "font": "DejaVu Sans", "overrides": [{"keys": "title.*", "fontName": "DejaVuSans-Bold"}]}"#
        let style = try LabelStyle(json: Array(override.utf8), file: "style.json")
        XCTAssertEqual(style.resolved(forKey: "title.main").label.font.file.path, "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        XCTAssertEqual(style.resolved(forKey: "body").label.font.file.path, "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    }
}
