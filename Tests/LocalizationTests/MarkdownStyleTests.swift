import TestSupport
import Foundation
import LabelSnapshotTesting
import Localization
import XCTest

/// A style with `"markdown": true` sweeps each catalog string as the attributed label Markdown makes: "**Neu**"
/// is a bold "Neu", not seven characters with asterisks. Widths from the font files' advances (FontReference).
final class MarkdownStyleTests: XCTestCase {
    static let regular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    func testMarkdownStringsAreSweptAsAttributedLabels() throws {
        let boldWidth = try FontReference(path: Self.bold, text: "Neu").width("Neu", pointSize: 13)
        let plainWidth = try FontReference(path: Self.regular, text: "**Neu**").width("**Neu**", pointSize: 13)
        XCTAssertLessThan(boldWidth + 2, plainWidth, "a width between the two tells them apart")
        let width = ((boldWidth + plainWidth) / 2).rounded()
        func style(markdown: Bool) throws -> LabelStyle {
            try LabelStyle(json: Array(#"{"font": "DejaVu Sans", "size": 13, "width": \#(width), "numberOfLines": 1, "markdown": \#(markdown)}"#.utf8),
                           file: "style.json")
        }
        let table = StringTable(sourceLanguage: "de", strings: [LocalizedString(key: "badge.new", locale: "de", format: "**Neu**")])
        let asMarkdown = try Sweep(table: table, style: try style(markdown: true)).run()
        XCTAssertTrue(asMarkdown.failures.isEmpty, "\(asMarkdown.failures)")
        let label = try style(markdown: true).makeLabel(text: "**Neu**", language: "de")
        XCTAssertEqual(label.text, "Neu")
        XCTAssertNotNil(label.attributedText)
        let asText = try Sweep(table: table, style: try style(markdown: false)).run()
        XCTAssertEqual(asText.failures.map(\.key), ["badge.new"])   // "**Neu**" is wider than the label
        XCTAssertThrowsError(try LabelStyle(json: Array(#"{"width": 10, "markdown": "yes"}"#.utf8), file: "style.json")) {
            XCTAssertTrue("\($0)".contains("\"markdown\" must be true or false"), "\($0)")
        }
    }
}
