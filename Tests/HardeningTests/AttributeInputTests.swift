import Foundation
import LabelRendering
import Imaging
import Typesetting
import XCTest

/// Attributes and paragraph styles of `attributedText` are checked as the label's own properties are: NaN,
/// infinite and huge values give a `LabelError` naming the attribute and its run from layout, sizing and drawing
/// (so assertions, `labelsnap render` and the sweep report them), never a trap, a blank image or a blamed text.
final class AttributeInputTests: XCTestCase {
    static let signed = "use a finite number within ±1000000"
    static let length = "use a finite, non-negative number up to 1000000"
    static let icon = try! Bitmap(width: 2, height: 2)

    /// The label's three entry points all throw `message`.
    func assertRefused(_ label: PaddedLabel, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        var label = label
        for error in [labelError(try label.makeLayout()), labelError(try label.intrinsicContentSize), labelError(try label.render()),
                      labelError(try label.layout(width: 50))] {
            XCTAssertEqual(error?.description, message, file: file, line: line)
        }
    }

    func testKernTrackingAndBaselineOffset() {
        for (value, shown) in [(CGFloat.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"), (1e300, "1e+300"), (-1e300, "-1e+300"),
                               (1e19, "1e+19"), (1_000_001, "1000001")] {
            var kern = AttributedString("ke") + AttributedString("rn")
            kern[kern.characters.index(kern.startIndex, offsetBy: 2)...].kern = value
            assertRefused(PaddedLabel(attributedText: kern), "invalid kern \(shown) (attributedText 2..<4): " + Self.signed)
            var tracking = AttributedString("track")
            tracking.tracking = value
            assertRefused(PaddedLabel(attributedText: tracking), "invalid tracking \(shown) (attributedText 0..<5): " + Self.signed)
            var base = AttributedString("base")
            base.baselineOffset = value
            assertRefused(PaddedLabel(attributedText: base), "invalid baselineOffset \(shown) (attributedText 0..<4): " + Self.signed)
        }
        // Negative values within the limit are kern and offsets as UIKit takes them.
        var fine = AttributedString("base")
        fine.kern = -1
        fine.baselineOffset = -3
        XCTAssertNoThrow(try PaddedLabel(attributedText: fine).makeLayout())
        // At the limit the value is taken; the text it makes is then over the size limit: the 17 pt system font's line,
        // 2444/2048 × 17 = 20.29 pt (SF Pro's metrics), + 1,000,000 pt of descent.
        fine.baselineOffset = -1_000_000
        XCTAssertEqual(labelError(try PaddedLabel(attributedText: fine).makeLayout()), .textTooLarge(side: "tall"))
    }

    func testParagraphStyleLengths() {
        let lengths: [(WritableKeyPath<ParagraphStyle, CGFloat>, String)] = [
            (\.lineSpacing, "lineSpacing"), (\.lineHeightMultiple, "lineHeightMultiple"), (\.minimumLineHeight, "minimumLineHeight"),
            (\.maximumLineHeight, "maximumLineHeight"), (\.paragraphSpacing, "paragraphSpacing"),
            (\.paragraphSpacingBefore, "paragraphSpacingBefore"), (\.firstLineHeadIndent, "firstLineHeadIndent"),
            (\.headIndent, "headIndent"), (\.defaultTabInterval, "defaultTabInterval"),
        ]
        for (keyPath, name) in lengths {
            for (value, shown) in [(CGFloat.nan, "nan"), (.infinity, "inf"), (-1, "-1"), (1e300, "1e+300")] {
                var style = ParagraphStyle()
                style[keyPath: keyPath] = value
                var text = AttributedString("one two")
                text.paragraphStyle = style
                assertRefused(PaddedLabel(attributedText: text), "invalid paragraphStyle.\(name) \(shown) (attributedText 0..<7): " + Self.length)
            }
        }
        var tail = ParagraphStyle()
        tail.tailIndent = -.infinity
        var text = AttributedString("one two")
        text.paragraphStyle = tail
        assertRefused(PaddedLabel(attributedText: text), "invalid paragraphStyle.tailIndent -inf (attributedText 0..<7): " + Self.signed)
        var tabs = ParagraphStyle()
        tabs.tabStops = [TextTab(location: 28), TextTab(location: .nan)]
        text.paragraphStyle = tabs
        assertRefused(PaddedLabel(attributedText: text), "invalid paragraphStyle.tabStops nan (attributedText 0..<7): " + Self.length)
        tail.tailIndent = -20   // 20 pt inside the trailing margin: valid
        text.paragraphStyle = tail
        var indented = PaddedLabel(attributedText: text)
        XCTAssertNoThrow(try indented.layout(width: 100))
    }

    func testAttachmentBounds() {
        let cases: [(CGRect, String)] = [
            (CGRect(x: 0, y: 0, width: 1e19, height: 12), "invalid attachment.bounds.width 1e+19 (attributedText 1..<2): " + Self.length),
            (CGRect(x: 0, y: 0, width: CGFloat.nan, height: 12), "invalid attachment.bounds.width nan (attributedText 1..<2): " + Self.length),
            (CGRect(x: 0, y: 0, width: 12, height: 1e300), "invalid attachment.bounds.height 1e+300 (attributedText 1..<2): " + Self.length),
            (CGRect(x: 0, y: 0, width: -3, height: 12), "invalid attachment.bounds.width -3 (attributedText 1..<2): " + Self.length),
            (CGRect(x: 0, y: CGFloat.nan, width: 12, height: 12), "invalid attachment.bounds.y nan (attributedText 1..<2): " + Self.signed),
            (CGRect(x: 1e300, y: 0, width: 12, height: 12), "invalid attachment.bounds.x 1e+300 (attributedText 1..<2): " + Self.signed),
        ]
        for (bounds, message) in cases {
            // CGRect(x:y:width:height:) keeps a negative width as given (not standardized).
            let text = AttributedString("x") + AttributedString(attachment: TextAttachment(image: Self.icon, bounds: bounds)) + AttributedString(" star")
            assertRefused(PaddedLabel(attributedText: text), message)
        }
    }

    func testRunFontsAreCheckedToo() {
        var text = AttributedString("size")
        text.font = .system(size: Double.nan)
        assertRefused(PaddedLabel(attributedText: text), "invalid font size nan pt: use a finite size > 0 and ≤ 10000 pt")
        text.font = .system(size: 12, weight: Font.Weight(rawValue: .nan))
        assertRefused(PaddedLabel(attributedText: text), LabelError.font(.invalidFontWeight(.nan)).description)
    }

    func testTheLabelsShadowOffsetIsSigned() {
        var label = PaddedLabel("x")
        label.shadowOffset = CGSize(width: -1e7, height: 0)
        assertRefused(label, "invalid shadowOffset -10000000: " + Self.signed)
        label.shadowOffset = CGSize(width: -1_000_000, height: 1_000_000)
        XCTAssertNoThrow(try label.makeLayout())
    }

    func testAHugeAttachmentInALayoutIsNotDrawnRatherThanTrapped() throws {
        // Drawing checks sizes before converting them to Int, whatever a layout holds.
        let text = AttributedString("x") + AttributedString(attachment: TextAttachment(image: Self.icon, bounds: CGRect(x: 0, y: 0, width: 12, height: 12)))
        var layout = try PaddedLabel(attributedText: text).makeLayout()
        XCTAssertEqual(layout.attachments.count, 1)
        let plain = try LabelRenderer.render(layout)
        for (w, h) in [(1e19, 12.0), (Double.nan, 12), (12, .infinity), (-1e19, 12)] {
            layout.attachments[0].width = w
            layout.attachments[0].height = h
            let drawn = try LabelRenderer.render(layout)
            XCTAssertEqual([drawn.width, drawn.height], [plain.width, plain.height])
        }
        // `.layout`'s numbers beyond Int's range are written as Swift writes them.
        layout.lines[0].baseline = 1e19
        layout.lines[0].rect.size.width = .infinity
        XCTAssertTrue(layout.layoutDescription.contains("w inf h"), layout.layoutDescription)
        XCTAssertTrue(layout.layoutDescription.contains("baseline 1e+19"), layout.layoutDescription)
    }

    func testRenderRefusesAnAttachmentWiderThanTheLimitAndWritesNoFile() throws {
        let json = #"{"text":"\uFFFC star","runs":[{"range":[0,1],"image":"star.png","bounds":[0,0,1e19,12]}]}"#
        let dir = Scratch.directory("attachment-bounds")
        try Data(PNGCodec.encode(Self.icon)).write(to: URL(fileURLWithPath: dir + "/star.png"))
        let path = Scratch.file("attachment-bounds/t.json", Data(json.utf8))
        let run = try CLIEnvironmentTests.labelsnap(["render", "--attributed", path, "--width", "50", "-o", dir + "/x.png"],
                                                    environment: CLIEnvironmentTests.baseEnvironment)
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "labelsnap: invalid attachment.bounds.width 1e+19 (attributedText 0..<1): " + Self.length + "\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/x.png"))
    }
}
