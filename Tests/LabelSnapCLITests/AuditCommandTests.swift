import Foundation
import XCTest

/// `labelsnap audit` and `sweep --audit` as a user runs them: the grey chip of the assertion's tests in a style file
/// (its expected cells and ratios worked out in AccessibilityAuditTests), its JSON, a catalog's table, the report.
final class AuditCommandTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LocalizationTests/Fixtures/SweepReport").path
    var pkg: FailurePackage!
    override func setUpWithError() throws { pkg = try FailurePackage() }
    override func tearDown() { pkg = nil }

    /// A 15 pt subheadline chip, systemGray (or `textColor`) on systemGray5, 200 pt wide (no size truncates it).
    func chipStyle(_ extra: String = "", textColor: String = "systemGray", name: String = "chip") throws -> String {
        let path = pkg.root + "/\(name).json"
        try """
        {"font": "DejaVu Sans", "textStyle": "subheadline", "insets": [4, 10, 4, 10], "width": 200,
         "textColor": "\(textColor)", "backgroundColor": "systemGray5"\(extra)}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAuditPrintsEachFailingCheckWithItsCells() throws {
        let r = try labelsnap(["audit", try chipStyle(), "--text", "Filter"], cwd: pkg.root)
        XCTAssertEqual(r.status, 1, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Accessibility audit failed (HIG; 48 cells: xS–AX5 × light, dark × normal contrast, high contrast; "
            + "over systemBackground): 1 of 4 checks fail.")
        XCTAssertTrue(lines.contains("  2.5:1 < 4.5:1 (HIG, 12–17 pt regular): systemGray on systemGray5 over systemBackground — "
            + "light, normal contrast at xS–xL"), r.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  passes: 5.4:1 — dark, high contrast, all sizes") }, r.stdout)
        // Text that fits and reads: every check passes, exit 0.
        let ok = try labelsnap(["audit", try chipStyle(textColor: "label", name: "ok"), "--text", "OK"], cwd: pkg.root)
        XCTAssertEqual(ok.status, 0, ok.stdout + ok.stderr)
        XCTAssertTrue(ok.stdout.hasPrefix("Accessibility audit passes (HIG; 48 cells"), ok.stdout)
    }

    func testStyleBackgroundAndInteractive() throws {
        let style = try chipStyle(", \"background\": \"systemGray6\", \"interactive\": true")
        let r = try labelsnap(["audit", style, "--text", "Filter", "--standard", "wcagAAA"], cwd: pkg.root)
        XCTAssertTrue(r.stdout.contains("systemGray on systemGray5 over systemGray6"), r.stdout)
        XCTAssertTrue(r.stdout.contains("(WCAG AAA, "), r.stdout)
        XCTAssertTrue(r.stdout.contains("Touch target:\n  bounds < 44 × 44 pt — "), r.stdout)
        let bad = try labelsnap(["audit", try chipStyle(", \"background\": \"grey\"", name: "grey"), "--text", "x"], cwd: pkg.root)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("\"background\": invalid colour \"grey\""), bad.stderr)
        let standard = try labelsnap(["audit", style, "--text", "x", "--standard", "AA"], cwd: pkg.root)
        XCTAssertEqual(standard.status, 2)
        XCTAssertTrue(standard.stderr.contains("--standard takes hig, wcagAA or wcagAAA, got 'AA'"), standard.stderr)
        let noText = try labelsnap(["audit", style], cwd: pkg.root)
        XCTAssertEqual(noText.status, 2)
        XCTAssertTrue(noText.stderr.contains("audit needs --text TEXT"), noText.stderr)
    }

    func testJSONIsTheAuditDocument() throws {
        let r = try labelsnap(["audit", try chipStyle(), "--text", "Filter", "--json"], cwd: pkg.root)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["failing"] as? [String], ["textContrast"])
        XCTAssertEqual(json["standard"] as? String, "hig")
        let cells = try XCTUnwrap(json["cells"] as? [[String: Any]])
        XCTAssertEqual(cells.count, 48)
        XCTAssertEqual(cells[0]["name"] as? String, "xS-light-normalContrast")
        let contrast = try XCTUnwrap((cells[0]["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(contrast["check"] as? String, "textContrast")
        XCTAssertEqual(contrast["value"] as? Double ?? 0, 2.5972, accuracy: 0.0005)   // 142-142-147 on 229-229-234
    }

    /// A catalog: a row per string and a column per check; `sweep --audit` adds the same rows to its output and to
    /// sweep.json, and the report shows them and the audits left in the artifacts folder.
    func testCatalogSweepAndReport() throws {
        let catalog = Self.fixtures + "/Localizable.xcstrings", style = Self.fixtures + "/style.json"
        let table = try labelsnap(["audit", style, "--catalog", catalog, "--locales", "en"], cwd: pkg.root)
        XCTAssertEqual(table.status, 1, table.stderr)   // a fixed 13 pt font fails Dynamic Type
        XCTAssertTrue(table.stdout.contains("key"), table.stdout)
        XCTAssertTrue(table.stdout.contains("Text contrast  Text size  Dynamic Type  Truncation"), table.stdout)
        XCTAssertTrue(table.stdout.contains("✗ fixed"), table.stdout)
        try FileManager.default.createDirectory(atPath: pkg.artifactsRoot, withIntermediateDirectories: true)
        let sweep = try labelsnap(["sweep", catalog, "--style", style, "--audit", "--artifacts", pkg.artifactsRoot], cwd: pkg.root)
        XCTAssertEqual(sweep.status, 1)
        XCTAssertTrue(sweep.stdout.contains("Accessibility audit of 6 strings (48 cells each)"), sweep.stdout)
        let saved = try String(contentsOfFile: pkg.artifactsRoot + "/localization/sweep.json", encoding: .utf8)
        XCTAssertTrue(saved.contains("\"audit\": ["), saved)
        XCTAssertTrue(saved.contains("\"failing_cells\":0"), saved)
        _ = try labelsnap(["audit", try chipStyle(), "--text", "Filter", "--artifacts", pkg.artifactsRoot], cwd: pkg.root)
        XCTAssertTrue(FileManager.default.fileExists(atPath: pkg.artifactsRoot + "/accessibility/chip.png"))
        let html = try labelsnap(["report", "-o", "-"], cwd: pkg.root).stdout
        XCTAssertTrue(html.contains("<h2>Accessibility audit: 1 of 1 audit fails; 6 of 6 swept strings fail</h2>"), html)
        XCTAssertTrue(html.contains("Text contrast (22 of 48)"), html)
        XCTAssertTrue(html.contains("<td class=\"bad\">✗ fixed</td>"), html)
    }
}
