import Foundation
import LabelSnapshotTesting
import Localization
import XCTest

/// sweep.json is one type (`SweepReportDocument`), written by the sweep and read by the report. The committed
/// sample was written by the sweep before the type existed (Fixtures/SweepReport: the catalog, the style and
/// its sweep.json); the file must keep its keys and values.
final class SweepReportDocumentTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/SweepReport").path
    static var sample: [UInt8] { Array(FileManager.default.contents(atPath: fixtures + "/sweep.json") ?? Data()) }

    func testTheSampleReadsAsTheDocument() throws {
        let document = try SweepReportDocument.decode(Self.sample)
        XCTAssertEqual(document.checked, 6)   // en 3, de 2, th 1 strings in the catalog
        XCTAssertFalse(document.fits)
        XCTAssertEqual(document.failures.map { "\($0.locale) \($0.key)" }, ["de badge.new", "de captain", "th badge.new"])
        let captain = document.failures[1]
        XCTAssertEqual(captain.kinds, ["does_not_fit", "word_broken"])
        XCTAssertEqual(captain.brokenWords, ["Donaudampfschifffahrtsgesellschaftskapitän"])
        XCTAssertEqual(captain.state, "needs_review")
        XCTAssertEqual(captain.truncation, "byTruncatingTail")
        XCTAssertFalse(captain.atLeast)
        let thai = document.failures[2]
        XCTAssertNil(thai.truncation)   // null on disk
        // "ใหม่": the four code points and their names (UnicodeData.txt).
        XCTAssertEqual(thai.uncovered, [
            .init(codePoint: "U+0E43", name: "THAI CHARACTER SARA AI MAIMUAN"), .init(codePoint: "U+0E2B", name: "THAI CHARACTER HO HIP"),
            .init(codePoint: "U+0E21", name: "THAI CHARACTER MO MA"), .init(codePoint: "U+0E48", name: "THAI CHARACTER MAI EK"),
        ])
        XCTAssertEqual(thai.fontsTried.first, "DejaVuSans.ttf")
        XCTAssertEqual(document.locales.map(\.locale), ["en", "de", "th"])
        XCTAssertEqual(document.locales[1].wordBroken, 1)
        XCTAssertEqual(document.locales[1].truncated, 2)
        XCTAssertNil(document.locales[0].contactSheet)
        XCTAssertEqual(document.locales[2].contactSheet, "/tmp/sweep-s/art/localization/th.png")
    }

    /// The same sweep run now writes the same JSON (as values: the layout of the text may differ), and what it
    /// writes reads back equal.
    func testTheSweepWritesTheSampleAgain() throws {
        let style = try LabelStyle.load(path: Self.fixtures + "/style.json")
        let table = try StringTable.read(path: Self.fixtures + "/Localizable.xcstrings")
        let result = try Sweep(table: table, style: style).run()
        let sheets = ["de": "/tmp/sweep-s/art/localization/de.png", "th": "/tmp/sweep-s/art/localization/th.png"]
        let written = SweepReport.json(result, sheets: sheets)
        func object(_ bytes: [UInt8]) throws -> NSDictionary {
            let o = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            // The sample was swept from a relative path, this run from the fixture's absolute one.
            var failures = try XCTUnwrap(o["failures"] as? [[String: Any]])
            for i in failures.indices { failures[i]["file"] = (failures[i]["file"] as? NSString)?.lastPathComponent }
            var copy = o
            copy["failures"] = failures
            return copy as NSDictionary
        }
        XCTAssertEqual(try object(Array(written.utf8)), try object(Self.sample))
        XCTAssertEqual(try SweepReportDocument.decode(Array(written.utf8)), SweepReportDocument(result, sheets: sheets))
    }

    /// A sweep.json written before "not covered" and "word broken" existed (no kinds, uncovered, fonts_tried,
    /// broken_words, at_least; locales without truncated, uncovered, word_broken) still reads.
    func testAnOlderFileReads() throws {
        let old = #"{"checked": 2, "fits": false, "failures": [{"key": "a", "locale": "de", "variant": "", "text": "Lang", "lines": 2, "maxLines": 1, "overflow_pt": 4.5, "overflow_axis": "width", "lost": "ng", "state": null, "truncation": "byTruncatingTail", "file": "L.xcstrings", "line": 3}], "locales": [{"locale": "de", "checked": 2, "failed": 1, "missing": 0, "widest_overflow_pt": 4.5}]}"#
        let document = try SweepReportDocument.decode(Array(old.utf8))
        XCTAssertEqual(document.failures.first?.kinds, [])
        XCTAssertEqual(document.failures.first?.overflowPt, 4.5)
        XCTAssertNil(document.failures.first?.state)
        XCTAssertNil(document.locales.first?.truncated)
        XCTAssertEqual(document.locales.first?.failed, 1)
    }
}
