import TestSupport
import Foundation
import LabelSnapshotTesting
import Localization
import XCTest

/// A style's `"attributedText"` (runs by range) styles every catalog string: the runs at the same UTF-16 offsets,
/// cut at the string's end, the text past the template's end in its last character's attributes. Widths from the
/// font files' advances and `kern` tables (FontReference) plus the run's `kern` after each character.
final class AttributedStyleTests: XCTestCase {
    static let regular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    let sans = try! FontReference(path: AttributedStyleTests.regular, text: "Neuigkeiten")
    let heavy = try! FontReference(path: AttributedStyleTests.bold, text: "Neuigkeiten")

    /// "Neu" with a bold, kern-4 "N" (the face by its full name, fc-query's `fullname` of DejaVuSans-Bold.ttf) and a
    /// regular "eu" (no attributes: the label's font).
    func style(width: Double, markdown: Bool = false) throws -> LabelStyle {
        let template = #"{"text": "Neu", "runs": [{"range": [0, 1], "font": "DejaVu Sans Bold", "size": 13, "kern": 4}]}"#
        return try LabelStyle(json: Array(#"""
            {"font": "DejaVu Sans", "size": 13, "width": \#(width), "numberOfLines": 1, "markdown": \#(markdown),
             "attributedText": \#(template)}
            """#.utf8), file: "style.json")
    }

    func widthOfFirstLine(_ label: PaddedLabel) throws -> Double {
        var unbounded = label
        unbounded.bounds = nil
        return Double(try unbounded.makeLayout().lines[0].rect.width)
    }

    func testEachStringTakesTheRunsByRange() throws {
        let label = try style(width: 300).makeLabel(text: "Neuigkeiten", language: "de")
        XCTAssertEqual(label.text, "Neuigkeiten")
        let runs = try XCTUnwrap(label.attributedText).runs.map { ($0.font?.file.path, $0.kern) }
        XCTAssertEqual(runs.map(\.0), [Self.bold, nil])
        XCTAssertEqual(runs.map(\.1), [4, nil])
        // The bold "N" and its kern, then "euigkeiten" in the label's regular face (no pair across the two fonts).
        let expected = heavy.width("N", pointSize: 13) + 4 + sans.width("euigkeiten", pointSize: 13)
        XCTAssertEqual(try widthOfFirstLine(label), expected, accuracy: 1e-9)

        // A shorter string keeps what it has of the runs.
        let short = try style(width: 300).makeLabel(text: "N", language: "de")
        XCTAssertEqual(try widthOfFirstLine(short), heavy.width("N", pointSize: 13) + 4, accuracy: 1e-9)
        // An offset inside a surrogate pair moves back to its scalar's start: the emoji is not split.
        let emoji = try style(width: 300).makeLabel(text: "😀x", language: "de")
        XCTAssertEqual(emoji.text, "😀x")
        XCTAssertEqual(try XCTUnwrap(emoji.attributedText).runs.count, 1)
    }

    /// The text past the template's end takes its last character's attributes; with `"markdown": true` the string
    /// is parsed first and its strong run keeps its intent beside the template's run.
    func testTheTailAndMarkdown() throws {
        let template = #"{"text": "Ne", "runs": [{"range": [1, 2], "font": "\#(Self.bold)", "size": 13}]}"#
        let tail = try LabelStyle(json: Array(#"{"font": "DejaVu Sans", "size": 13, "width": 300, "attributedText": \#(template)}"#.utf8),
                                  file: "style.json").makeLabel(text: "Neuigkeiten", language: "de")
        XCTAssertEqual(try widthOfFirstLine(tail), sans.width("N", pointSize: 13) + heavy.width("euigkeiten", pointSize: 13), accuracy: 1e-9)

        let markdown = try style(width: 300, markdown: true).makeLabel(text: "N**eu**", language: "de")
        XCTAssertEqual(markdown.text, "Neu")
        XCTAssertEqual(try widthOfFirstLine(markdown), heavy.width("N", pointSize: 13) + 4 + heavy.width("eu", pointSize: 13), accuracy: 1e-9)
    }

    /// A fixed line height taller than the label's font would make (50 pt lines for a 13 pt font): two lines fit a
    /// two-line label of the height they need, so the sweep passes them.
    func testTallFixedLinesOfAStyleFitTheirLabel() throws {
        let json = #"""
            {"font": "DejaVu Sans", "size": 13, "width": 200, "numberOfLines": 2,
             "attributedText": {"text": "x", "paragraphStyle": {"minimumLineHeight": 50, "maximumLineHeight": 50}}}
            """#
        let style = try LabelStyle(json: Array(json.utf8), file: "style.json")
        let label = try style.makeLabel(text: "eins\nzwei", language: "de")
        XCTAssertEqual(try label.makeLayout().lines.map(\.rect.height), [50, 50])
        let table = StringTable(sourceLanguage: "de", strings: [LocalizedString(key: "two", locale: "de", format: "eins\nzwei")])
        let result = try Sweep(table: table, style: style).run()
        XCTAssertTrue(result.failures.isEmpty, "\(result.failures)")
    }

    /// The sweep checks the styled string: "Neuigkeiten" fits a label between its plain and its styled width only
    /// as plain text.
    func testTheSweepMeasuresTheStyledString() throws {
        let plain = sans.width("Neuigkeiten", pointSize: 13)
        let styled = heavy.width("N", pointSize: 13) + 4 + sans.width("euigkeiten", pointSize: 13)
        XCTAssertGreaterThan(styled, plain + 4)
        let table = StringTable(sourceLanguage: "de", strings: [LocalizedString(key: "news", locale: "de", format: "Neuigkeiten")])
        let result = try Sweep(table: table, style: try style(width: ((plain + styled) / 2).rounded())).run()
        XCTAssertEqual(result.failures.map(\.key), ["news"])
        var unstyled = try style(width: ((plain + styled) / 2).rounded())
        unstyled.label.attributedText = nil
        XCTAssertTrue(try Sweep(table: table, style: unstyled).run().failures.isEmpty)
    }
}
