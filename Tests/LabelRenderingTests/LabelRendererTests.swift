import Foundation
@testable import LabelRendering
import Imaging
import Typesetting
import XCTest

final class LabelRendererTests: XCTestCase {
    let padding = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    let korean = "않이 패딩이 왜 없어..?"

    func inkColumns(_ b: Bitmap) -> (min: Int, max: Int)? {
        var lo = Int.max, hi = -1
        for y in 0..<b.height { for x in 0..<b.width where b[x, y].alpha > 0 { lo = min(lo, x); hi = max(hi, x) } }
        return hi < 0 ? nil : (lo, hi)
    }

    func testBitmapSizeIsBoundsTimesScale() throws {
        for scale in [1.0, 2.0, 3.0] {
            var label = PaddedLabel("Hello", font: .default(size: 17), insets: padding)
            label.scale = scale
            let size = try label.intrinsicContentSize
            let bitmap = try label.render()
            XCTAssertEqual(bitmap.width, Int((size.width * scale).rounded()))
            XCTAssertEqual(bitmap.height, Int((size.height * scale).rounded()))
        }
    }

    func testInsetsKeepTheInkInsideThePadding() throws {
        var label = PaddedLabel("Hello", font: .default(size: 17), insets: padding)
        label.scale = 2
        let bitmap = try label.render()
        let ink = try XCTUnwrap(inkColumns(bitmap))
        XCTAssertGreaterThanOrEqual(ink.min, 32)                 // 16 pt left inset at 2x
        XCTAssertLessThan(ink.max, bitmap.width - 32 + 2)        // right inset (the o's ink may touch its advance edge)
        for y in 0..<16 { for x in 0..<bitmap.width { XCTAssertEqual(bitmap[x, y].alpha, 0, "ink in the top inset at \(x),\(y)") } }
    }

    func testBackgroundAndCornerRadius() throws {
        var label = PaddedLabel("", font: .default(size: 17), insets: padding)
        label.backgroundColor = try Color(hex: "#FFE6C8")
        label.cornerRadius = 8
        label.scale = 2
        let bitmap = try label.render()
        XCTAssertEqual(bitmap.width, 64)
        XCTAssertEqual(bitmap.height, 32)
        XCTAssertEqual(bitmap[0, 0].alpha, 0)                    // outside the 16 px corner arc
        XCTAssertEqual(bitmap[32, 16], try Color(hex: "#FFE6C8")) // inside
        XCTAssertEqual(bitmap[0, 16], try Color(hex: "#FFE6C8"))  // left edge at mid-height
    }

    /// A large bitmap is drawn in bands of rows; the pixels must be those of the stated order over the whole
    /// bitmap (background, every glyph in layout order, border): bands of 3 rows, which every glyph crosses,
    /// against one band, with a translucent background and text (where order shows) and a border.
    func testBandsGiveThePixelsOfOneWholePass() throws {
        var label = PaddedLabel(String(repeating: "Wrapped text, gyp ÅÉ 패딩 ", count: 12), font: .default(size: 13), insets: padding)
        label.numberOfLines = 0
        label.backgroundColor = Color(red: 255, green: 230, blue: 200, alpha: 180)
        label.textColor = Color(red: 20, green: 40, blue: 200, alpha: 200)
        label.borderColor = Color(red: 200, green: 0, blue: 0, alpha: 128)
        label.borderWidth = 3
        label.cornerRadius = 10
        label.scale = 2
        try label.layout(width: 150)
        let layout = try label.makeLayout()
        XCTAssertGreaterThan(layout.lines.count, 8)
        let whole = try LabelRenderer.render(layout, bandBytes: .max)
        let banded = try LabelRenderer.render(layout, bandBytes: 3 * layout.pixelWidth * 4)
        XCTAssertTrue(banded == whole, "banded render differs from the one-band render")
        XCTAssertTrue(stride(from: 0, to: whole.pixels.count, by: 4).contains { whole.pixels[$0] < 100 && whole.pixels[$0 + 3] > 0 }, "the text was drawn (red below the background's and the border's)")
    }

    func testTextColourAtFullCoverage() throws {
        var label = PaddedLabel("I", font: .default(size: 40), insets: padding)
        label.textColor = try Color(hex: "#1E90FF")
        label.backgroundColor = .white
        let bitmap = try label.render()
        let colours = Set((0..<bitmap.height).flatMap { y in (0..<bitmap.width).map { bitmap[$0, y] } })
        XCTAssertTrue(colours.contains(try Color(hex: "#1E90FF")), "the stem of I is fully covered")
        XCTAssertTrue(colours.allSatisfy { $0.alpha == 255 })
    }

    func testKoreanBadgeDrawsEveryGlyphFromTheCJKFallback() throws {
        let label = PaddedLabel(korean, font: .default(size: 17), insets: padding)
        let layout = try label.makeLayout()
        XCTAssertTrue(layout.missingScalars.isEmpty)
        // Hangul without kana is Korean: the collection's KR face (face 1, per `fc-query NotoSansCJK-Regular.ttc`).
        XCTAssertEqual(layout.fontsUsed, [.dejaVuSans, FontFile(path: FontFile.notoSansCJK.path, faceIndex: 1)])
        XCTAssertFalse(layout.glyphs.contains { $0.glyphID == 0 }, "no .notdef")
        // 10 Hangul syllables + "..?" = 13 visible glyphs (spaces are glyphs too: 16 in all).
        XCTAssertEqual(layout.glyphs.count, korean.unicodeScalars.count)
        let bitmap = try label.render()
        // Ink under every syllable: each glyph's pen range holds covered pixels.
        for (i, g) in layout.glyphs.enumerated() where g.font == .notoSansCJK && korean.unicodeScalars[korean.unicodeScalars.index(korean.unicodeScalars.startIndex, offsetBy: i)] != " " {
            let x0 = Int(g.x), x1 = i + 1 < layout.glyphs.count ? Int(layout.glyphs[i + 1].x) : bitmap.width
            let inked = (x0..<max(x0 + 1, x1)).contains { x in (0..<bitmap.height).contains { bitmap[min(x, bitmap.width - 1), $0].alpha > 128 } }
            XCTAssertTrue(inked, "glyph \(i) has no ink")
        }
    }

    func testRenderingIsDeterministicAcrossThreads() async throws {
        let labels: [PaddedLabel] = (0..<64).map { i in
            var l = PaddedLabel(i % 2 == 0 ? "UILabel With Padding \(i)" : "\(korean) \(i)", font: .default(size: 13 + Double(i % 5)), insets: padding)
            l.scale = Double(1 + i % 3)
            l.numberOfLines = 0
            l.backgroundColor = .white
            return l
        }
        let serial = try labels.map { try $0.render() }
        // All labels at once from concurrent tasks: bytes identical to the serial run.
        let again = try await withThrowingTaskGroup(of: (Int, Bitmap).self) { group in
            for (i, l) in labels.enumerated() { group.addTask { (i, try l.render()) } }
            var all = [Bitmap?](repeating: nil, count: labels.count)
            for try await (i, b) in group { all[i] = b }
            return all
        }
        XCTAssertEqual(again.compactMap { $0 }, serial)
    }

    func testNegativeInsetsAndTinyBoundsClipInsteadOfCrashing() throws {
        var label = PaddedLabel("Clipped text", font: .default(size: 30), insets: EdgeInsets(top: -10, left: -10, bottom: -10, right: -10))
        label.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        label.lineBreakMode = .byClipping
        let bitmap = try label.render()
        XCTAssertEqual(bitmap.width, 20)
        XCTAssertEqual(bitmap.height, 10)
        label.bounds = CGRect(x: 0, y: 0, width: 0, height: 0)
        XCTAssertEqual(try label.render().pixels.count, 0)
    }

    func testBoundsOriginDoesNotMoveTheDrawing() throws {
        var label = PaddedLabel("Hello padded world", font: .default(size: 17), insets: padding)
        label.backgroundColor = .white
        label.bounds = CGRect(x: 0, y: 0, width: 200, height: 30)
        let atZero = try label.render()
        label.bounds = CGRect(x: 50, y: 50, width: 200, height: 30)
        XCTAssertEqual(try label.render(), atZero)
        XCTAssertNotNil(inkColumns(atZero), "the text is drawn")
    }

    func testOutOfRangeNumbersThrowInsteadOfTrapping() {
        func rejects(_ configure: (inout PaddedLabel) -> Void, _ fragment: String, line: UInt = #line) {
            var label = PaddedLabel("x", font: .default(size: 17))
            configure(&label)
            XCTAssertThrowsError(try label.render(), line: line) { XCTAssertTrue("\($0)".contains(fragment), "\($0)", line: line) }
        }
        rejects({ $0.lineHeightMultiple = 1e300 }, "lineHeightMultiple")
        rejects({ $0.lineSpacing = 1e20 }, "lineSpacing")
        rejects({ $0.lineSpacing = -1 }, "lineSpacing")
        rejects({ $0.lineHeightMultiple = .nan }, "lineHeightMultiple")
        rejects({ $0.adjustsFontSizeToFitWidth = true; $0.minimumScaleFactor = .nan }, "minimumScaleFactor")
        rejects({ $0.minimumScaleFactor = 2 }, "minimumScaleFactor")
        rejects({ $0.insets = EdgeInsets(top: 1e300) }, "insets (top 1e+300")
        rejects({ $0.insets = EdgeInsets(top: 1e300, bottom: -1e300) }, "insets")
        rejects({ $0.bounds = CGRect(x: 0, y: 0, width: 1e19, height: 10) }, "invalid bounds (x 0, y 0, width 1e+19")
        rejects({ $0.font = .default(size: 10_000); $0.scale = 6 }, "px per em exceeds")
        var wide = PaddedLabel("x")
        XCTAssertThrowsError(try wide.layout(width: 1e300))
    }
}
