import Foundation
import LabelRendering
import LabelSnapshotTesting
import XCTest

/// The text report (the terminal's and assertLabelsFit's) cuts a long text and a long lost text with "…" and says
/// how long they are; the JSON report keeps them whole.
final class SweepTextReportTests: XCTestCase {
    func testALongTranslationIsCutInTheTextReportOnly() throws {
        let text = String(repeating: "Wort ", count: 2_000) + "Ende"   // 10,004 characters
        XCTAssertEqual(text.count, 10_004)
        var label = PaddedLabel("", font: Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", size: 15),
                                insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        label.scale = 2
        let table = StringTable(sourceLanguage: "en", strings: [
            LocalizedString(key: "legal.terms", locale: "de", format: text, state: .translated),
        ])
        let result = try Sweep(table: table, style: LabelStyle(label: label, width: 140)).run()
        let f = try XCTUnwrap(result.failures.first)
        XCTAssertGreaterThan(f.lost.count, 40)
        let report = SweepReport.text(result)
        let lines = report.components(separatedBy: "\n")
        XCTAssertTrue(lines.contains("      \"" + String(text.prefix(96)) + "…\" (10004 characters)"), report)
        XCTAssertTrue(lines[1].contains("lost \"" + String(f.lost.prefix(40)) + "…\" (\(f.lost.count) characters) — translated"), lines[1])
        XCTAssertLessThan(lines.map(\.count).max() ?? 0, 160, "no line fills the terminal: each is bounded whatever the text's length")
        XCTAssertFalse(report.contains("Ende"))
        // JSON: whole.
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(SweepReport.json(result).utf8)) as? [String: Any])
        let failure = try XCTUnwrap((object["failures"] as? [[String: Any]])?.first)
        XCTAssertEqual(failure["text"] as? String, text)
        XCTAssertEqual(failure["lost"] as? String, f.lost)
        // A short text is shown as it is.
        let short = SweepReport.text(try Sweep(table: StringTable(sourceLanguage: "en", strings: [
            LocalizedString(key: "badge", locale: "de", format: "Empfehlung der Redaktion heute", state: .translated),
        ]), style: LabelStyle(label: label, width: 140)).run())
        XCTAssertTrue(short.contains("\n      \"Empfehlung der Redaktion heute\"\n"), short)
    }
}
