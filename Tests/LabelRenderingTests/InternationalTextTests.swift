import TestSupport
import CHarfBuzz
import Foundation
import LabelRendering
import Imaging
import Typesetting
import XCTest

/// Shaping, bidi, fallback and emoji. Expected glyphs come from an independent HarfBuzz shaping with its
/// own OpenType functions (not hb-ft, not LabelSnapshot's run splitting), advances from FreeType alone.
final class InternationalTextTests: XCTestCase {
    /// Glyph ids of `text` shaped in one run by HarfBuzz's built-in OpenType font functions, in visual order.
    func independentGlyphs(_ text: String, path: String, direction: hb_direction_t) -> [UInt32] {
        let blob = hb_blob_create_from_file(path)
        defer { hb_blob_destroy(blob) }
        let face = hb_face_create(blob, 0)
        defer { hb_face_destroy(face) }
        let font = hb_font_create(face)
        defer { hb_font_destroy(font) }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let units = Array(text.utf16)
        hb_buffer_add_utf16(buffer, units, Int32(units.count), 0, Int32(units.count))
        hb_buffer_guess_segment_properties(buffer)
        hb_buffer_set_direction(buffer, direction)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        return (0..<Int(count)).map { infos[$0].codepoint }
    }

    func layout(_ text: String, size: Double = 17, scale: Double = 2, configure: (inout PaddedLabel) -> Void = { _ in }) throws -> TextLayout {
        var label = PaddedLabel(text, font: .default(size: size), insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        label.scale = scale
        configure(&label)
        return try label.makeLayout()
    }

    func testArabicIsJoinedLikeAnIndependentShaping() throws {
        let text = "مرحبا بالعالم"
        let ours = try layout(text).glyphs.map(\.glyphID)
        let theirs = independentGlyphs(text, path: FontFile.dejaVuSans.path, direction: HB_DIRECTION_RTL).filter { $0 != 3 }
        // Trailing white space aside, the same glyphs in the same visual order.
        XCTAssertEqual(ours.filter { $0 != 3 }, theirs)
        // Joining changed the glyphs: the isolated letters map to other glyph ids.
        let isolated = text.unicodeScalars.filter { $0 != " " }.map {
            independentGlyphs(String($0), path: FontFile.dejaVuSans.path, direction: HB_DIRECTION_RTL)[0]
        }
        XCTAssertNotEqual(Set(ours), Set(isolated))
        // Right-to-left: the first logical letter (م) is drawn rightmost.
        let meem = independentGlyphs("م", path: FontFile.dejaVuSans.path, direction: HB_DIRECTION_RTL)
        XCTAssertFalse(meem.isEmpty)
        let glyphs = try layout(text).glyphs
        XCTAssertEqual(glyphs.map(\.x), glyphs.map(\.x).sorted(), "pen advances left to right in visual order")
    }

    func testHebrewWithNumbersKeepsDigitsLeftToRight() throws {
        let text = "מחיר 123 ש״ח"
        let l = try layout(text)
        XCTAssertTrue(l.lines[0].isRightToLeft)
        let digitGlyphs = try ["1", "2", "3"].map { d in try XCTUnwrap(layout(d).glyphs.first?.glyphID) }
        let xs = digitGlyphs.map { id in l.glyphs.first { $0.glyphID == id }!.x }
        XCTAssertEqual(xs, xs.sorted(), "123 reads left to right inside the RTL paragraph")
        // The first Hebrew word (logically first) is drawn to the right of the number.
        let mem = try XCTUnwrap(layout("מ").glyphs.first?.glyphID)
        XCTAssertGreaterThan(l.glyphs.first { $0.glyphID == mem }!.x, xs[2])
        // Natural alignment follows the RTL paragraph: right edge of the line at the text rect's right.
        var wide = PaddedLabel(text, font: .default(size: 17), insets: EdgeInsets(top: 0, left: 10, bottom: 0, right: 20))
        wide.bounds = CGRect(x: 0, y: 0, width: 300, height: 30)
        XCTAssertEqual(try wide.makeLayout().lines[0].rect.maxX, 280, accuracy: 1e-9)
    }

    func testMixedSentenceAndLayoutDirectionOverride() throws {
        let text = "Hello שלום World"
        let ltr = try layout(text)
        XCTAssertFalse(ltr.lines[0].isRightToLeft)
        let h = try XCTUnwrap(layout("H").glyphs.first?.glyphID)
        let w = try XCTUnwrap(layout("W").glyphs.first?.glyphID)
        XCTAssertLessThan(ltr.glyphs.first { $0.glyphID == h }!.x, ltr.glyphs.first { $0.glyphID == w }!.x)
        // A right-to-left layout direction does not override the first strong character (H, left-to-right):
        // "Hello" still comes first from the left.
        let rtl = try layout(text) { $0.layoutDirection = .rightToLeft }
        XCTAssertFalse(rtl.lines[0].isRightToLeft)
        XCTAssertLessThan(rtl.glyphs.first { $0.glyphID == h }!.x, rtl.glyphs.first { $0.glyphID == w }!.x)
        // Hebrew first: a right-to-left paragraph whatever the layout direction, so the logically first Hebrew
        // word is drawn rightmost, right of "Hello World" (which keeps its own order).
        let shin = try XCTUnwrap(layout("ש").glyphs.first?.glyphID)
        for direction in [nil, LayoutDirection.leftToRight, .rightToLeft] {
            let hebrewFirst = try layout("שלום Hello World") { $0.layoutDirection = direction }
            XCTAssertTrue(hebrewFirst.lines[0].isRightToLeft, "\(String(describing: direction))")
            let x = { (id: UInt32) in hebrewFirst.glyphs.first { $0.glyphID == id }!.x }
            XCTAssertLessThan(x(h), x(w))
            XCTAssertGreaterThan(x(shin), x(w))
        }
        // Directional insets resolve by the view's direction, never by the text (UIKit: leading is the left
        // edge in a left-to-right layout): left-to-right when layoutDirection is nil, also for Hebrew text.
        let inset = DirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 12)
        var hebrew = PaddedLabel("שלום", directionalInsets: inset)
        XCTAssertEqual(hebrew.insets, EdgeInsets(top: 0, left: 4, bottom: 0, right: 12))
        hebrew.layoutDirection = .rightToLeft
        XCTAssertEqual(hebrew.insets, EdgeInsets(top: 0, left: 12, bottom: 0, right: 4))
        var english = PaddedLabel("Hello", directionalInsets: inset)
        XCTAssertEqual(english.insets, EdgeInsets(top: 0, left: 4, bottom: 0, right: 12))
        english.layoutDirection = .rightToLeft
        XCTAssertEqual(english.insets, EdgeInsets(top: 0, left: 12, bottom: 0, right: 4))
    }

    func testKerningPairsAreNarrowerThanUnkernedAdvances() throws {
        for pair in ["AV", "To"] {
            let ref = try FontReference(path: FontFile.dejaVuSans.path, text: pair)
            var label = PaddedLabel(pair, font: .default(size: 40))
            label.scale = 1
            let width = try label.makeLayout().lines[0].rect.width
            let unkerned = pair.unicodeScalars.reduce(0.0) { $0 + ref.linearAdvance($1, pixelSize: 40) }
            XCTAssertLessThan(width, unkerned - 1, pair)
        }
    }

    func testCombiningAcuteStaysOneClusterOnItsBase() throws {
        let l = try layout("e\u{0301}", size: 40, scale: 1)
        XCTAssertEqual(l.lines[0].text, "e\u{0301}")
        // HarfBuzz composes e + U+0301 into the font's precomposed é: the same glyph and advance as U+00E9.
        let composed = try layout("\u{00E9}", size: 40, scale: 1)
        XCTAssertEqual(l.glyphs.map(\.glyphID), composed.glyphs.map(\.glyphID))
        XCTAssertEqual(l.lines[0].rect.width, composed.lines[0].rect.width, accuracy: 1e-9)
        // A base without a precomposed form keeps a separate mark glyph that adds no advance: q + U+0301.
        let q = try layout("q\u{0301}", size: 40, scale: 1)
        let bare = try layout("q", size: 40, scale: 1)
        XCTAssertEqual(q.glyphs.count, 2)
        XCTAssertEqual(q.lines[0].rect.width, bare.lines[0].rect.width, accuracy: 1e-9, "the mark adds no advance")
        XCTAssertLessThan(q.glyphs.last!.x, q.glyphs.first!.x + bare.lines[0].rect.width, "the mark sits over its base")
    }

    func testEmojiSequencesAreOneGlyphFromTheColourFont() throws {
        for emoji in ["👍🏽", "👨‍👩‍👧", "🇰🇷", "❤️"] {
            let l = try layout(emoji)
            XCTAssertEqual(l.glyphs.count, 1, "\(emoji): \(l.glyphs.map(\.glyphID))")
            XCTAssertEqual(l.glyphs.first?.font, .notoColorEmoji)
            XCTAssertTrue(l.missingScalars.isEmpty)
        }
        // Colour pixels: the thumb is not grey.
        var label = PaddedLabel("👍🏽", font: .default(size: 30))
        label.scale = 2
        let bitmap = try label.render()
        var colourful = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let c = bitmap[x, y]
                if c.alpha == 255, Int(c.red) - Int(c.blue) > 60 { colourful += 1 }
            }
        }
        XCTAssertGreaterThan(colourful, 100)
    }

    func testUnsupportedCodePointIsReportedAndDrawnAsNotdef() throws {
        let l = try layout("a\u{13000}b")
        XCTAssertEqual(l.missingScalars, ["\u{13000}"])
        XCTAssertTrue(l.glyphs.contains { $0.glyphID == 0 && $0.font == .dejaVuSans })
        XCTAssertTrue(l.layoutDescription.contains("missing: U+13000"))
    }

    func testJapaneseAndChineseBreakBetweenIdeographs() throws {
        for text in ["日本語の文章を折り返す", "中文文本在汉字之间换行"] {
            var label = PaddedLabel(text, font: .default(size: 17))
            label.numberOfLines = 0
            label.bounds = CGRect(x: 0, y: 0, width: 60, height: 200)
            let lines = try label.makeLayout().lines.map(\.text)
            XCTAssertGreaterThan(lines.count, 2, text)
            XCTAssertEqual(lines.joined(), text)
        }
    }

    func testFamilyNamesResolveThroughFontconfig() throws {
        XCTAssertEqual(try Font(family: "DejaVu Sans", size: 17).file, .dejaVuSans)
        XCTAssertEqual(try Font(family: "NanumGothic", size: 17).file.path, FontFile.nanumGothic.path)
        XCTAssertEqual(try Font(family: "Noto Sans CJK SC", size: 17).file,
                       FontFile(path: FontFile.notoSansCJK.path, faceIndex: 2))
        // Generic families take fontconfig's choice.
        XCTAssertNoThrow(try Font(family: "sans-serif", size: 17))
        XCTAssertNoThrow(try Font(family: "monospace", size: 17))
        XCTAssertThrowsError(try Font(family: "No Such Family 123", size: 17)) { error in
            XCTAssertTrue("\(error)".contains("No Such Family 123"))
        }
    }

    func testThousandLabelsFromEightTasksMatchSerialRendering() async throws {
        let samples = ["않이 패딩이 왜 없어..?", "UILabel With Padding", "مرحبا بالعالم", "שלום 123", "👍🏽 AV To", "日本語の文章"]
        let labels: [PaddedLabel] = (0..<1000).map { i in
            var l = PaddedLabel(samples[i % samples.count], font: .default(size: 11 + Double(i % 7)),
                                insets: EdgeInsets(top: 2, left: 4, bottom: 2, right: 4))
            l.scale = Double(1 + i % 3)
            return l
        }
        let serial = try labels.map { try $0.render() }
        let parallel = try await withThrowingTaskGroup(of: [(Int, Bitmap)].self) { group in
            for task in 0..<8 {
                group.addTask { try stride(from: task, to: labels.count, by: 8).map { ($0, try labels[$0].render()) } }
            }
            var all = [Bitmap?](repeating: nil, count: labels.count)
            for try await chunk in group { for (i, b) in chunk { all[i] = b } }
            return all
        }
        XCTAssertEqual(parallel.compactMap { $0 }.count, 1000)
        for i in labels.indices where parallel[i] != serial[i] { XCTFail("label \(i) differs"); break }
    }
}
