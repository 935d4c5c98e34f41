import Foundation
import LabelDescription
import LabelRendering
import Localization
import Imaging
import XCTest

/// A number of the attributed JSON refused by its limit states the limit and the value (lineSpacing 1e9 said "must be a
/// length in points"); a run naming the text colour twice, as "color" and "foregroundColor", is refused (the later
/// one replaced the earlier silently).
final class AttributedJSONLimitTests: XCTestCase {
    func style(_ attributed: String) throws -> LabelStyle {
        try LabelStyle(json: Array(#"{"width": 100, "attributedText": \#(attributed)}"#.utf8), file: "s.json")
    }

    func message(_ attributed: String) -> String {
        do { _ = try style(attributed); return "accepted" } catch { return "\(error)" }
    }

    func testParagraphStyleNumbersStateTheirRange() {
        for (json, expected) in [
            (#"{"text": "ab", "paragraphStyle": {"lineSpacing": 1e9}}"#, "paragraphStyle.lineSpacing must be within ±1000000 pt, got 1000000000"),
            (#"{"text": "ab", "paragraphStyle": {"headIndent": -2000000}}"#, "paragraphStyle.headIndent must be within ±1000000 pt, got -2000000"),
            (#"{"text": "ab", "paragraphStyle": {"tailIndent": "4"}}"#, "paragraphStyle.tailIndent must be a number of points, not a string"),
        ] {
            XCTAssertTrue(message(json).hasSuffix(expected), "\(json): \(message(json))")
        }
        // At the limit: taken.
        XCTAssertEqual(try style(#"{"text": "ab", "paragraphStyle": {"lineSpacing": 1000000}}"#).label.attributedText?.runs.first?.paragraphStyle?.lineSpacing,
                       1_000_000)
    }

    func testTwoNamesOfTheTextColourInOneRunAreRefused() throws {
        let both = ##"{"text": "ab", "runs": [{"range": [0, 1], "color": "#FF0000", "foregroundColor": "#00FF00"}]}"##
        XCTAssertTrue(message(both).hasSuffix(#"runs[0] gives both "color" and "foregroundColor", two names of the text colour: give one"#),
                      message(both))
        // Either alone sets the run's colour.
        for key in ["color", "foregroundColor"] {
            let one = try style(##"{"text": "ab", "runs": [{"range": [0, 1], "\##(key)": "#FF0000"}]}"##)
            XCTAssertEqual(one.label.attributedText?.runs.first?.foregroundColor, Color(red: 255, green: 0, blue: 0), key)
        }
    }
}
