import Foundation
import XCTest

/// The report's sweep section beside test failures: a locale without a width overflow shows "–" as the CLI's
/// table shows "-" (it showed "0 pt"), and a sweep.json written before the failures were recorded is from an
/// earlier run: one line says so instead of its tables.
final class ReportSweepTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LocalizationTests/Fixtures/SweepReport").path
    var pkg: FailurePackage!
    override func setUpWithError() throws { pkg = try FailurePackage() }
    override func tearDown() { pkg = nil }

    func sweep() throws {
        let r = try labelsnap(["sweep", Self.fixtures + "/Localizable.xcstrings", "--style", Self.fixtures + "/style.json",
                               "--artifacts", pkg.artifactsRoot], cwd: pkg.root)
        XCTAssertEqual(r.status, 1, r.stderr)   // the fixture's catalog has 3 failures
    }

    func testASweepAfterTheFailuresIsShownWithoutZeroOverflows() throws {
        try pkg.fail("testBadge()", named: "1", reference: try bitmap(4, 4), actual: try bitmap(4, 4, marks: [(0, 0)]))
        try sweep()
        let html = try labelsnap(["report", "-o", "-"], cwd: pkg.root).stdout
        XCTAssertTrue(html.contains("Localization sweep: 3 of 6 strings fail (1 not covered by any font)"), html)
        // en: 3 strings, none fails, no overflow; the CLI's table shows "-" there.
        XCTAssertTrue(html.contains("<tr><td>en</td><td class=\"num\">3</td><td class=\"num\">0</td><td class=\"num\">0</td>"
            + "<td class=\"num\">0</td><td class=\"num\">–</td></tr>"), html)
        XCTAssertFalse(html.contains(">0 pt<"), html)
    }

    func testASweepFromBeforeTheFailuresIsNotShownAsThisRun() throws {
        try FileManager.default.createDirectory(atPath: pkg.artifactsRoot, withIntermediateDirectories: true)
        try sweep()
        let sweepFile = pkg.artifactsRoot + "/localization/sweep.json"
        // Written yesterday, an earlier run's.
        let yesterday = Date().addingTimeInterval(-86_400)
        try FileManager.default.setAttributes([.modificationDate: yesterday], ofItemAtPath: sweepFile)
        try pkg.fail("testBadge()", named: "1", reference: try bitmap(4, 4), actual: try bitmap(4, 4, marks: [(0, 0)]))
        let html = try labelsnap(["report", "-o", "-"], cwd: pkg.root).stdout
        XCTAssertTrue(html.contains("<h2>Localization sweep: from an earlier run, not shown</h2>"), html)
        XCTAssertTrue(html.contains(sweepFile + "</span> was written "), html)
        XCTAssertFalse(html.contains("Donaudampfschifffahrtsgesellschaftskapitän"), html)
        XCTAssertTrue(html.contains("testBadge.1"), html)   // the failure itself is listed
        // Swept again after the tests: shown.
        try sweep()
        XCTAssertTrue(try labelsnap(["report", "-o", "-"], cwd: pkg.root).stdout.contains("Donaudampfschifffahrtsgesellschaftskapitän"))
    }
}
