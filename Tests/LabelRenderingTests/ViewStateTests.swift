import Foundation
import LabelRendering
import Imaging
import Typesetting
import XCTest

/// The view state of a label: `alpha` (one group opacity over the finished drawing), `isEnabled`, `isHighlighted`
/// with `highlightedTextColor`, and UILabel's text shadow. Expected pixels are computed here by hand: source-over
/// on straight alpha, `out = src·a + dst·(1 − a)`.
final class ViewStateTests: XCTestCase {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// "H" in DejaVu Sans 40 pt, red, with no insets, so its stems reach into a border 6 pt wide (the H's left side
    /// bearing is 201/2048 em = 3.9 pt).
    func hLabel() -> PaddedLabel {
        var label = PaddedLabel("H", font: Font(path: Self.dejaVu, size: 40))
        label.textColor = Color(red: 255, green: 0, blue: 0)
        return label
    }

    /// `pixel` composited over opaque white: each channel `c·a/255 + 255·(255 − a)/255`, rounded.
    func overWhite(_ p: Color) -> [Int] {
        let a = Double(p.alpha) / 255
        return [p.red, p.green, p.blue].map { Int((Double($0) * a + 255 * (1 - a)).rounded()) }
    }

    func testHalfAlphaCompositesBorderAndTextOnce() throws {
        var label = hLabel()
        label.borderWidth = 6
        label.borderColor = .black
        let opaque = try label.render()
        label.alpha = 0.5
        let half = try label.render()
        XCTAssertEqual(half.width, opaque.width)
        // Where the H's stem lies under the border: the text alone is opaque red there.
        var textOnly = hLabel()
        textOnly.bounds = CGRect(x: 0, y: 0, width: Double(opaque.width), height: Double(opaque.height))
        let text = try textOnly.render()
        let y = opaque.height / 2
        let overlap = try XCTUnwrap((0..<6).first { text[$0, y].alpha == 255 }, "the H's stem reaches into the border")
        XCTAssertEqual(text[overlap, y], Color(red: 255, green: 0, blue: 0))
        // Opaque: the border on top, black. At 0.5: black at alpha 255 × 0.5 = 127.5, rounded half up to 128 —
        // one layer at half opacity. Two layers each at 0.5 would give alpha 255·(0.5 + 0.5·0.5) = 191.
        XCTAssertEqual(opaque[overlap, y], Color(red: 0, green: 0, blue: 0))
        XCTAssertEqual(half[overlap, y], Color(red: 0, green: 0, blue: 0, alpha: 128))
        // Over white: 0·128/255 + 255·127/255 = 127 in each channel (doubled, 64).
        XCTAssertEqual(overWhite(half[overlap, y]), [127, 127, 127])
        // Text alone, inside the border: red at 128 over white is (255, 127, 127).
        let inside = try XCTUnwrap((6..<opaque.width - 6).first { opaque[$0, y] == Color(red: 255, green: 0, blue: 0) })
        XCTAssertEqual(half[inside, y], Color(red: 255, green: 0, blue: 0, alpha: 128))
        XCTAssertEqual(overWhite(half[inside, y]), [255, 127, 127])
        // Every pixel: the opaque drawing's colour, its alpha halved, rounded half up (a·0.5 + 0.5).
        for i in 0..<(opaque.width * opaque.height) {
            let o = Array(opaque.pixels[i * 4..<i * 4 + 4]), h = Array(half.pixels[i * 4..<i * 4 + 4])
            XCTAssertEqual(Int(h[3]), (Int(o[3]) + 1) / 2, "pixel \(i)")
            XCTAssertEqual(h[0..<3], o[0..<3], "pixel \(i)")
        }
    }

    func testHalfAlphaOverAnOpaqueBackgroundKeepsItsColours() throws {
        var label = hLabel()
        label.backgroundColor = Color(red: 0, green: 0, blue: 255)
        label.alpha = 0.5
        let half = try label.render()
        // Every pixel is one opaque drawing at half opacity: alpha 128 everywhere; text pixels red, none mixed with
        // a half-transparent blue under it.
        XCTAssertTrue((0..<half.width * half.height).allSatisfy { half.pixels[$0 * 4 + 3] == 128 })
        XCTAssertEqual(half[0, 0], Color(red: 0, green: 0, blue: 255, alpha: 128))
        XCTAssertEqual(overWhite(half[0, 0]), [127, 127, 255])
    }

    func testAlphaIsClampedAndNaNIsRefused() throws {
        var label = hLabel()
        label.borderWidth = 2
        let opaque = try label.render()
        label.alpha = 3
        XCTAssertEqual(try label.render(), opaque)
        label.alpha = -0.5
        let none = try label.render()
        XCTAssertTrue(none.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 0 })
        label.alpha = .nan
        XCTAssertThrowsError(try label.render()) { error in
            guard case LabelError.invalidProperty(let name, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "alpha")
        }
        label.alpha = 0.5
        XCTAssertTrue(try label.makeLayout().layoutDescription.contains("view state: alpha 0.5\n"))
    }

    /// The rule: a disabled label's text keeps its colour and has its alpha scaled by `tertiaryLabel`'s, Apple's
    /// published 30 % (alpha 0.3 × 255 = 76.5 → 77): 255 × 77 / 255 = 77.
    func testADisabledLabelsTextColour() throws {
        var label = hLabel()
        let enabled = try label.render()
        let y = enabled.height / 2
        let stem = try XCTUnwrap((0..<enabled.width).first { enabled[$0, y].alpha == 255 })
        label.isEnabled = false
        let disabled = try label.render()
        XCTAssertEqual(disabled[stem, y], Color(red: 255, green: 0, blue: 0, alpha: 77))
        label.userInterfaceStyle = .dark   // tertiaryLabel's dark alpha is 0.3 too
        XCTAssertEqual(try label.render()[stem, y], Color(red: 255, green: 0, blue: 0, alpha: 77))
        // A half-transparent colour: 128 × 77 / 255 = 38.65 → 39.
        label.textColor = Color(red: 0, green: 0, blue: 255, alpha: 128)
        XCTAssertEqual(try label.render()[stem, y], Color(red: 0, green: 0, blue: 255, alpha: 39))
        XCTAssertTrue(try label.makeLayout().layoutDescription.contains("view state: disabled\n"))
        // Attributed text: a run's foreground colour is dimmed as the label's.
        var run = AttributedString("H")
        run.foregroundColor = Color(red: 0, green: 255, blue: 0)
        var attributed = PaddedLabel(attributedText: run, font: Font(path: Self.dejaVu, size: 40))
        attributed.isEnabled = false
        XCTAssertEqual(try attributed.render()[stem, y], Color(red: 0, green: 255, blue: 0, alpha: 77))
    }

    func testHighlightedTextColour() throws {
        var label = hLabel()
        let plain = try label.render()
        let y = plain.height / 2
        let stem = try XCTUnwrap((0..<plain.width).first { plain[$0, y].alpha == 255 })
        let green = Color(red: 0, green: 255, blue: 0)
        label.highlightedTextColor = green
        XCTAssertEqual(try label.render(), plain, "not highlighted: the text colour")
        label.highlightedTextColor = nil
        label.isHighlighted = true
        XCTAssertEqual(try label.render(), plain, "highlighted without a highlightedTextColor: the text colour (UIKit)")
        label.highlightedTextColor = green
        XCTAssertEqual(try label.render()[stem, y], green)
        XCTAssertTrue(try label.makeLayout().layoutDescription.contains("view state: highlighted #00FF00FF\n"))
        // Highlighted and disabled: the highlighted colour, dimmed.
        label.isEnabled = false
        XCTAssertEqual(try label.render()[stem, y], Color(red: 0, green: 255, blue: 0, alpha: 77))
    }

    /// The shadow is the glyphs again, shifted by `shadowOffset × scale` px, in `shadowColor`, under the text.
    func testShadowPixelsAtTheOffset() throws {
        var label = hLabel()
        label.insets = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let plain = try label.render()
        // Text drawn clear: only the shadow, 3 pt right and 2 pt down, in blue.
        label.textColor = .clear
        label.shadowColor = Color(red: 0, green: 0, blue: 255)
        label.shadowOffset = CGSize(width: 3, height: 2)
        let shadow = try label.render()
        for y in 0..<plain.height {
            for x in 0..<plain.width {
                let a = plain[x, y].alpha
                let sx = x + 3, sy = y + 2
                guard sx < plain.width, sy < plain.height else { XCTAssertEqual(a, 0); continue }
                XCTAssertEqual(shadow[sx, sy], a == 0 ? .clear : Color(red: 0, green: 0, blue: 255, alpha: a), "(\(sx), \(sy))")
            }
        }
        XCTAssertEqual(shadow[0, 0], .clear)
        // Under the text: where the red text is opaque it stays red; where only the shadow lies, blue.
        label.textColor = Color(red: 255, green: 0, blue: 0)
        let both = try label.render()
        let y = plain.height / 2
        let stem = try XCTUnwrap((0..<plain.width).first { plain[$0, y].alpha == 255 })
        XCTAssertEqual(both[stem, y], Color(red: 255, green: 0, blue: 0))
        let shadowOnly = try XCTUnwrap((3..<plain.width).first { plain[$0 - 3, y].alpha == 255 && plain[$0, y].alpha == 0 })
        XCTAssertEqual(both[shadowOnly, y], Color(red: 0, green: 0, blue: 255))
        // UIKit's default offset (0, −1) pt at scale 2: 2 px up.
        var top = hLabel()
        top.insets = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        top.scale = 2
        let plain2 = try top.render()
        top.textColor = .clear
        top.shadowColor = .black
        let up = try top.render()
        for y in 2..<plain2.height {
            for x in 0..<plain2.width {
                XCTAssertEqual(up[x, y - 2].alpha, plain2[x, y].alpha, "(\(x), \(y - 2))")
            }
        }
        XCTAssertTrue(try top.makeLayout().layoutDescription.contains("view state: shadow #000000FF 0,-1 pt\n"))
    }

    /// At UIKit's defaults the view state changes nothing: no `.layout` line, the same pixels.
    func testDefaultsChangeNothing() throws {
        let label = hLabel()
        XCTAssertFalse(try label.makeLayout().layoutDescription.contains("view state"))
        var same = label
        same.alpha = 1
        same.shadowOffset = CGSize(width: 5, height: 5)   // no shadowColor: no shadow
        XCTAssertEqual(try same.render(), try label.render())
    }
}
