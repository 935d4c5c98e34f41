import TestSupport
import Foundation
import LabelDescription
import LabelRendering
import Localization
import Typesetting
import XCTest

/// `--register DIR` with `--font FAMILY` or `--font POSTSCRIPTNAME` (and a style's `registerFonts` with `font`)
/// finds the registered faces, whatever order they are given in: fonts are registered before any font is looked
/// up. The fonts are DejaVu Serif renamed at test time (`SFNTTables`) to families no installed font has, one per
/// test, so that nothing registered them before.
final class RegisteredFontLookupTests: XCTestCase {
    /// A folder holding DejaVu Serif renamed to `family`, PostScript name `postScriptName`.
    func renamedFontFolder(family: String, postScriptName: String) throws -> (folder: String, file: String) {
        let folder = NSTemporaryDirectory() + "registered-lookup-\(getpid())-\(postScriptName)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var font = try SFNTTables(path: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf")
        font.rename(family: family, subfamily: "Regular", fullName: family + " SemiBold", postScriptName: postScriptName)
        let file = folder + "/" + postScriptName + ".ttf"
        try font.write(to: file)
        return (folder, file)
    }

    func label(_ options: [String: [String]]) throws -> PaddedLabel {
        var label = PaddedLabel("Hello", font: .system(size: 17))
        try LabelProperty.applyOptions({ options[$0] ?? [] }, to: &label)
        return label
    }

    func testTheCommandLineFindsARegisteredFamilyAndPostScriptName() throws {
        let (folder, file) = try renamedFontFolder(family: "Lookup Serif One", postScriptName: "LookupSerifOne-SemiBold")
        // Not installed: without --register the family is unknown.
        XCTAssertThrowsError(try FontFile.resolve(family: "Lookup Serif One"))
        XCTAssertEqual(try label(["--register": [folder], "--font": ["Lookup Serif One"]]).font.file.path, file)
        XCTAssertEqual(try label(["--register": [folder], "--font": ["LookupSerifOne-SemiBold"]]).font.file.path, file)
    }

    func testAStyleFindsAFamilyItRegisters() throws {
        let (folder, file) = try renamedFontFolder(family: "Lookup Serif Two", postScriptName: "LookupSerifTwo-SemiBold")
        // "font" before "registerFonts" in the file: the order of the members does not matter.
        let json = #"{"width": 100, "font": "Lookup Serif Two", "registerFonts": "\#(folder)"}"#
        let style = try LabelStyle(json: Array(json.utf8), file: "s.json")
        XCTAssertEqual(try style.makeLabel(text: "a", language: nil).font.file.path, file)
    }

    func testTheNearestNamesListRegisteredFaces() throws {
        let (folder, _) = try renamedFontFolder(family: "Lookup Serif Three", postScriptName: "LookupSerifThree-SemiBold")
        XCTAssertThrowsError(try label(["--register": [folder], "--font": ["LookupSerifThree-SemiBld"]])) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains(#"(nearest: "LookupSerifThree-SemiBold""#), message)
        }
    }
}
