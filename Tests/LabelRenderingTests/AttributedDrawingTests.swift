import TestSupport
import Foundation
import LabelRendering
import Imaging
import Typesetting
import XCTest

/// Attributed runs drawn into pixels (docs/layout-rules.md, Attributed text): an underline at `post`'s position and
/// thickness, a run background as tall as the line box, an attachment at its bounds. Where the pixels must be comes
/// from DejaVu Sans's tables read with FreeType alone (`FontReference`, `DecorationTables`) and hand computation; the
/// layout gives only the baseline.
final class AttributedDrawingTests: XCTestCase {
    let sansPath = FontFile.dejaVuSans.path
    lazy var sans = try! FontReference(path: sansPath, text: "Underab")
    let red = Color(red: 255, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 255), green = Color(red: 0, green: 160, blue: 0)

    func pixel(_ b: Bitmap, _ x: Int, _ y: Int) -> Color {
        let i = (y * b.width + x) * 4
        return Color(red: b.pixels[i], green: b.pixels[i + 1], blue: b.pixels[i + 2], alpha: b.pixels[i + 3])
    }

    func label(_ text: AttributedString) -> PaddedLabel {
        var label = PaddedLabel(attributedText: text, font: .default(size: 20))
        label.backgroundColor = .white
        label.scale = 2
        return label
    }

    /// A red underline under "Under" (no descenders): the pixel rows wholly inside post's line are red from the
    /// run's start to its end, the first row below it is white, and the plain " ab" after it has none.
    func testTheUnderlineIsDrawnAtPostsPositionAndThickness() throws {
        var text = AttributedString("Under")
        text.underlineStyle = .single
        text.underlineColor = red
        let l = label(text + AttributedString(" ab"))
        let bitmap = try l.render()
        let tables = try DecorationTables(path: sansPath)
        let pxPerUnit = 20.0 * 2 / Double(tables.upem)
        let baseline = Double(try l.makeLayout().lines[0].baseline) * 2
        // post's underlinePosition is the line's top (OpenType; FreeType reports the centre, half a thickness lower),
        // negative below the baseline.
        let top = baseline - Double(tables.underlinePosition) * pxPerUnit
        let bottom = top + Double(tables.underlineThickness) * pxPerUnit
        let rows = Int(top.rounded(.up))..<Int(bottom.rounded(.down))
        XCTAssertFalse(rows.isEmpty, "the line covers at least one whole row at 40 px per em")
        let end = Int((sans.width("Under", pointSize: 20) * 2).rounded(.down))
        for y in rows { for x in 1..<end { XCTAssertEqual(pixel(bitmap, x, y), red, "(\(x), \(y))") } }
        let below = Int(bottom.rounded(.up))
        XCTAssertLessThan(below, bitmap.height)
        XCTAssertEqual(pixel(bitmap, end / 2, below), .white)
        XCTAssertEqual(pixel(bitmap, end + 2, rows.lowerBound), .white, "nothing under the space of the plain run after it")
    }

    /// A run's background fills the line box (DejaVu Sans's ascender to descender, no line gap) behind its own
    /// advance only: the top and bottom pixel rows of the box are blue over "ab", white over the plain "ab" after it.
    func testARunBackgroundIsAsTallAsTheLineBox() throws {
        var marked = AttributedString("ab")
        marked.backgroundColor = blue
        let l = label(marked + AttributedString("ab"))
        let bitmap = try l.render()
        let pxPerUnit = 20.0 * 2 / Double(sans.upem), baseline = Double(try l.makeLayout().lines[0].baseline) * 2
        // The whole pixel rows inside the box: from the ascender above the baseline to the descender below it.
        let rows = Int((baseline - Double(sans.ascender) * pxPerUnit).rounded(.up))..<Int((baseline - Double(sans.descender) * pxPerUnit).rounded(.down))
        XCTAssertGreaterThan(rows.count, 40)
        let end = sans.width("ab", pointSize: 20) * 2
        for y in [rows.lowerBound, rows.upperBound - 1] {
            XCTAssertEqual(pixel(bitmap, 1, y), blue, "row \(y)")
            XCTAssertEqual(pixel(bitmap, Int(end) - 1, y), blue, "row \(y)")
            XCTAssertEqual(pixel(bitmap, Int(end.rounded(.up)) + 1, y), .white, "row \(y)")
        }
    }

    /// An attachment of a solid 2 × 2 px image with bounds 12 × 12 pt, origin y −2: 24 × 24 px at 2x, its left edge
    /// at "a"'s advance and its top 10 pt above the baseline.
    func testAnAttachmentIsCompositedAtItsBounds() throws {
        let icon = try Bitmap(width: 2, height: 2, fill: green)
        let text = AttributedString("a") + AttributedString(attachment: TextAttachment(image: icon, bounds: CGRect(x: 0, y: -2, width: 12, height: 12)))
        let l = label(text)
        let bitmap = try l.render()
        let left = Int((sans.width("a", pointSize: 20) * 2).rounded())
        let top = Int((Double(try l.makeLayout().lines[0].baseline) * 2).rounded()) - 20
        for y in top..<(top + 24) { for x in left..<(left + 24) { XCTAssertEqual(pixel(bitmap, x, y), green, "(\(x), \(y))") } }
        XCTAssertNotEqual(pixel(bitmap, left + 24, top + 12), green)
        XCTAssertNotEqual(pixel(bitmap, left + 12, top - 1), green)
        XCTAssertNotEqual(pixel(bitmap, left + 12, top + 24), green)
    }
}
