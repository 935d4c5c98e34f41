import Foundation
import LabelDescription
import LabelRendering
import Localization
import Imaging
import Typesetting
import XCTest

/// What changed between two provenance `label:` lines, as the report shows it. The lines are the table's own
/// (`LabelProperty.describe`); the changes expected are written out by hand.
final class LabelLineDiffTests: XCTestCase {
    static let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    func chip(kern: CGFloat, color: Color = .white) -> PaddedLabel {
        var new = AttributedString("NEW")
        new.font = Font(path: Self.bold, size: 12)
        new.foregroundColor = color
        new.kern = kern
        var all = new + AttributedString(" · 3 items")
        var style = ParagraphStyle()
        style.minimumLineHeight = 20; style.maximumLineHeight = 20
        all.paragraphStyle = style
        var label = PaddedLabel(attributedText: all, font: .default(size: 12))
        label.insets = EdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        return label
    }

    func testAnAttributedRunsKernChangeIsNamedByItsRange() {
        let was = LabelProperty.describe(chip(kern: 1.2)), now = LabelProperty.describe(chip(kern: 1.6))
        XCTAssertEqual(LabelProperty.changes(from: was, to: now), ["attributedText 0..<3: kern=1.2 → kern=1.6"])
        XCTAssertEqual(LabelProperty.changes(from: was, to: was), [])
        let recoloured = LabelProperty.describe(chip(kern: 1.2, color: Color(red: 255, green: 0, blue: 0)))
        XCTAssertEqual(LabelProperty.changes(from: was, to: recoloured), ["attributedText 0..<3: color=#FFFFFFFF → color=#FF0000FF"])
    }

    /// A run's font states what draws it differently beyond its file and size: features (monospacedDigit() is tnum=1,
    /// UIFont.monospacedDigitSystemFont), a variable font's instance, and the stand-in's file taken by path, drawn
    /// without the system font's size-adjust. A plain run keeps its line.
    func testARunsFontStatesItsFeaturesInstanceAndAdjustment() throws {
        func line(_ font: Font) -> String {
            var run = AttributedString("12:30")
            run.font = font
            return LabelProperty.describe(PaddedLabel(attributedText: run, font: .default(size: 12)))
        }
        let system = line(.system(size: 12))
        XCTAssertTrue(system.contains("0..<5{font=Inter-4.1.ttf#0 12pt}"), system)
        XCTAssertEqual(LabelProperty.changes(from: system, to: line(.system(size: 12).monospacedDigit())),
                       ["attributedText 0..<5: added features=tnum=1"])
        let standIn = Font.system(size: 12).file.path
        let byPath = line(Font(path: standIn, size: 12, variations: ["opsz": 14]))
        XCTAssertTrue(byPath.contains("0..<5{font=Inter-4.1.ttf#0 12pt variations=opsz=14 sizeAdjust=none}"), byPath)
        let instance = line(Font(path: "/usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf", size: 12, variations: ["wght": 650]))
        XCTAssertTrue(instance.contains("{font=Inter-roman.var.ttf#0 12pt variations=wght=650}"), instance)
        XCTAssertTrue(line(Font(path: Self.bold, size: 12)).contains("{font=DejaVuSans-Bold.ttf#0 12pt}"))
    }

    /// An attachment's image is stated by its pixels' digest, so another icon of the same size is another label
    /// line, and the report names the change.
    func testAnAttachmentsImageIsStatedByItsPixels() throws {
        func line(_ color: Color) throws -> String {
            let icon = try Bitmap(width: 2, height: 2, fill: color)
            let attachment = TextAttachment(image: icon, bounds: CGRect(x: 0, y: -2, width: 12, height: 12))
            return LabelProperty.describe(PaddedLabel(attributedText: AttributedString(attachment: attachment)))
        }
        func digest(_ line: String) -> String? {
            line.range(of: "attachment=2x2px pixels-xxh128=").map { String(line[$0.upperBound...].prefix(32)) }
        }
        let amber = try line(Color(red: 255, green: 196, blue: 0)), red = try line(Color(red: 255, green: 0, blue: 0))
        let a = try XCTUnwrap(digest(amber)), r = try XCTUnwrap(digest(red))
        XCTAssertEqual(a.count, 32)
        XCTAssertTrue(a.allSatisfy(\.isHexDigit), a)
        XCTAssertNotEqual(a, r)
        XCTAssertEqual(try line(Color(red: 255, green: 196, blue: 0)), amber)
        XCTAssertTrue(amber.contains("pixels-xxh128=\(a) bounds=0,-2,12,12}"), amber)
        XCTAssertEqual(LabelProperty.changes(from: amber, to: red), ["attributedText 0..<1: pixels-xxh128=\(a) → pixels-xxh128=\(r)"])
    }

    /// Parts with spaces stay whole: the quoted text, a dynamic colour, the border's width and colour, a run's font
    /// and size; flags are parts of their own.
    func testPlainPropertiesAddedRemovedAndChanged() {
        var a = PaddedLabel("a \"b\" c", font: .default(size: 17))
        a.lineSpacing = 2
        a.adjustsFontSizeToFitWidth = true
        var b = a
        b.text = "a \"b\" d"
        b.numberOfLines = 2
        b.lineSpacing = 0
        b.borderWidth = 1.5
        b.adjustsFontSizeToFitWidth = false
        let changes = LabelProperty.changes(from: LabelProperty.describe(a), to: LabelProperty.describe(b))
        XCTAssertEqual(changes, [#"text="a \"b\" c" → text="a \"b\" d""#, "lines=1 → lines=2", "added border=1.5 #000000FF",
                                 "removed lineSpacing=2", "removed adjustsFontSizeToFitWidth", "removed minimumScaleFactor=0"])
    }
}

/// The attributed JSON (`--attributed`, a style's `"attributedText"`) takes every `ParagraphStyle` property.
final class AttributedJSONParagraphStyleTests: XCTestCase {
    func testTabStopsAreAParagraphStyleKey() throws {
        func style(_ stops: String) throws -> ParagraphStyle? {
            let json = #"{"width": 100, "attributedText": {"text": "a\tb", "paragraphStyle": {"tabStops": \#(stops), "defaultTabInterval": 10}}}"#
            return try LabelStyle(json: Array(json.utf8), file: "s.json").label.attributedText?.runs.first?.paragraphStyle
        }
        let parsed = try XCTUnwrap(try style("[40, 90.5]"))
        XCTAssertEqual(parsed.tabStops, [TextTab(location: 40), TextTab(location: 90.5)])
        XCTAssertEqual(parsed.defaultTabInterval, 10)
        XCTAssertThrowsError(try style("[-1]")) { XCTAssertTrue("\($0)".contains("paragraphStyle.tabStops must be lengths"), "\($0)") }
        XCTAssertThrowsError(try style("40")) { XCTAssertTrue("\($0)".contains("paragraphStyle.tabStops must be a list"), "\($0)") }
    }
}
