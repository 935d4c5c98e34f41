import Foundation
import LabelSnapshotTesting
import Imaging
import LabelDescription
import TestSupport
import XCTest

/// The chip of the DocC article "Attributed text" as a new user writes it: a 12 pt icon attachment, a bold "NEW" with kern 1.2, a regular
/// count, a fixed 20 pt line height. Recorded here as the project's references (image and `.layout`), and in a
/// throw-away package: recorded, passing, then failing with the changed pixels counted when the kern changes.
final class AttributedChipTests: XCTestCase {
    /// A 12 × 12 px star-like icon: an amber square with a white diagonal cross, drawn at 12 pt (at 2x resampled).
    static var icon: Bitmap {
        var icon = try! Bitmap(width: 12, height: 12, fill: Color(red: 255, green: 196, blue: 0))
        for i in 0..<12 {
            for x in [i, 11 - i] { let p = (i * 12 + x) * 4; icon.pixels[p] = 255; icon.pixels[p + 1] = 255; icon.pixels[p + 2] = 255 }
        }
        return icon
    }

    /// The chip, its lines as the article's snippet writes them (`testTheArticleSnippetIsThisCodeAndItsLayout`).
    static func chip() -> PaddedLabel {
        let star = icon
        var chip = AttributedString("NEW")
        chip.font = .system(size: 12, weight: .bold)
        chip.foregroundColor = .white
        chip.kern = 1.2                                   // pt after each character
        var count = AttributedString(" · 3 items")
        count.font = .system(size: 12)
        count.foregroundColor = Color(red: 255, green: 235, blue: 240)
        count.baselineOffset = 0.5
        let icon = AttributedString(attachment: TextAttachment(image: star, bounds: CGRect(x: 0, y: -2, width: 12, height: 12)))
        var all = icon + AttributedString(" ") + chip + count
        var style = ParagraphStyle()                      // NSParagraphStyle's names, a value type
        style.minimumLineHeight = 20; style.maximumLineHeight = 20
        all.paragraphStyle = style
        var label = PaddedLabel(attributedText: all, font: .system(size: 12), insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
        label.backgroundColor = Color(red: 214, green: 40, blue: 88)
        label.cornerRadius = 14
        label.scale = 2
        return label
    }

    /// The chip with another kern on "NEW".
    static func chip(kern: CGFloat) -> PaddedLabel {
        var label = chip()
        var text = label.attributedText!
        text[text.range(of: "NEW")!].kern = kern
        label.attributedText = text
        return label
    }

    /// The DocC article's chip snippet is `chip()`'s code line for line (its assertions aside), and the `.layout` it
    /// shows beneath it is the one that code lays out: a reader who copies it gets the chip.
    func testTheArticleSnippetIsThisCodeAndItsLayout() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        func blocks(_ path: String, after heading: String) throws -> [String] {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let section = try XCTUnwrap(text.range(of: heading).map { text[$0.upperBound...] }, path)
            return section.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        }
        func code(_ lines: some Sequence<Substring>) -> [String] {
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("assertLabelSnapshot") }
        }
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let body = try XCTUnwrap(source.range(of: "let star = icon\n").map { source[$0.upperBound...] })
        let tested = code(body.split(separator: "\n").prefix { !$0.contains("return label") })
        let article = try blocks("Sources/LabelSnapshotTesting/LabelSnapshotTesting.docc/AttributedText.md", after: "## Overview")
        XCTAssertTrue(article[0].hasPrefix("swift\n"))
        XCTAssertEqual(code(article[0].dropFirst("swift\n".count).split(separator: "\n")), tested)
        XCTAssertEqual(article[1], "\n" + (try Self.chip().makeLayout().layoutDescription))   // after the fence's line feed
    }

    func testChip() {
        assertLabelSnapshot(of: Self.chip(), named: "chip")
        assertLabelSnapshot(of: Self.chip(), as: .layout, named: "chip")
    }

    func testChipRecordsPassesAndFailsWhenTheKernChanges() throws {
        let pkg = try TempPackage()
        let env = ["SNAPSHOT_TESTING_RECORD": "missing"]
        var fixed = Self.chip()
        try fixed.layout(width: 130)
        let recorded = try XCTUnwrap(withSnapshotTesting(environment: env) {
            verifySnapshot(of: fixed, as: .image, named: "chip", file: pkg.testFile, testName: "testChip()")?.message
        })
        XCTAssertTrue(recorded.contains(pkg.reference("testChip.chip.png")), recorded)
        let written = try PNGCodec.decode(contentsOf: pkg.reference("testChip.chip.png"))
        startSnapshotRun()
        XCTAssertNil(withSnapshotTesting(environment: env) {
            verifySnapshot(of: fixed, as: .image, named: "chip", file: pkg.testFile, testName: "testChip()")?.message
        })
        var kerned = Self.chip(kern: 1.6)
        try kerned.layout(width: 130)
        let expected = try kerned.render()
        let differing = stride(from: 0, to: expected.pixels.count, by: 4).filter { expected.pixels[$0..<$0 + 4] != written.pixels[$0..<$0 + 4] }.count
        XCTAssertGreaterThan(differing, 0)
        startSnapshotRun()
        let message = try XCTUnwrap(withSnapshotTesting(environment: env) {
            verifySnapshot(of: kerned, as: .image, named: "chip", file: pkg.testFile, testName: "testChip()")?.message
        })
        XCTAssertTrue(message.contains("\(differing) of \(written.width * written.height) px differ"), message)
        // The actual image states the label it drew, so the report can name the run whose kern changed.
        let stated = try [pkg.reference("testChip.chip.png"), pkg.artifacts + "/testChip.chip.png.actual.png"].map { path in
            try XCTUnwrap(SnapshotProvenance.read(png: try XCTUnwrap(pkg.bytes(path)))?.value("label"))
        }
        XCTAssertTrue(stated[0].contains("2..<5{font=Inter-4.1.ttf#0 12pt color=#FFFFFFFF kern=1.2 "), stated[0])
        XCTAssertTrue(stated[1].contains("2..<5{font=Inter-4.1.ttf#0 12pt color=#FFFFFFFF kern=1.6 "), stated[1])
    }
}
