import Foundation
import LabelLayout
import LabelRendering
import PNGCodec
import Raster
import SnapshotStore
import Typesetting
import XCTest

/// `labelsnap report` run as a subprocess: one self-contained, escaped HTML page.
final class ReportCommandTests: XCTestCase {
    var pkg: FailurePackage!
    override func setUpWithError() throws { pkg = try FailurePackage() }
    override func tearDown() { pkg = nil }

    /// The base64 payloads of `src="data:image/png;base64,…"` in page order.
    func inlinedImages(_ html: String) -> [[UInt8]] {
        let marker = "src=\"data:image/png;base64,"
        return html.components(separatedBy: marker).dropFirst().map { part in
            let payload = part.prefix { $0 != "\"" }
            return Data(base64Encoded: String(payload)).map { Array($0) } ?? []
        }
    }

    func testReportInlinesReferenceDiffActualAndEscapesText() throws {
        let reference = try bitmap(8, 6, marks: [(1, 1)])
        let actual = try bitmap(8, 6, marks: [(1, 1), (4, 2), (5, 2)])
        try pkg.fail("testBadge()", named: "badge", reference: reference, actual: actual)
        try pkg.edit("testBadge.badge") {
            $0.testName = "test<b>\"Tom\" & 'Jerry'</b>"
            $0.message = "</pre><script>alert(1)</script>"
        }
        let result = try labelsnap(["report", "-o", "out/report.html"], cwd: pkg.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "wrote \(pkg.root)/out/report.html: 1 failure\n")
        let html = try String(contentsOfFile: pkg.root + "/out/report.html", encoding: .utf8)

        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("<h1>1 snapshot failure</h1>"), html)
        XCTAssertTrue(html.contains("<dd>test&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</dd>"), html)
        XCTAssertTrue(html.contains("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertFalse(html.contains("<script"), "no script, and no unescaped markup from the record")
        XCTAssertFalse(html.contains("<b>"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "self-contained: no network")
        XCTAssertTrue(html.contains("image-rendering: pixelated"))
        XCTAssertTrue(html.contains("<pre>labelsnap accept \(pkg.record("testBadge.badge"))</pre>"), html)
        XCTAssertTrue(html.contains("<td class=\"num\">2 of 48 px differ (4.167%)</td>"), html)

        // Reference, diff and actual, in that order, byte for byte; scaled by an integer zoom (8×6 → 12×),
        // large enough that no magnified view is added.
        let images = inlinedImages(html)
        XCTAssertEqual(images.count, 3)
        XCTAssertEqual(images[0], try PNGCodec.encode(reference))
        XCTAssertEqual(images[1], pkg.bytes(pkg.artifactsFolder + "/testBadge.badge.png.diff.png"))
        XCTAssertEqual(images[2], try PNGCodec.encode(actual))
        XCTAssertEqual(html.components(separatedBy: "width=\"96\" height=\"72\"").count - 1, 3)
        XCTAssertEqual(pkg.list(pkg.artifactsFolder).count, 5, "report changes nothing")
    }

    func testReportShowsAMatrixContactSheetOnce() throws {
        let reference = try bitmap(8, 6, marks: [(1, 1)]), actual = try bitmap(8, 6, marks: [(2, 2)])
        try pkg.fail("testBadge()", named: "w200-AX1-ltr", reference: reference, actual: actual)
        try pkg.fail("testBadge()", named: "w200-AX1-rtl", reference: reference, actual: actual)
        let sheet = try PNGCodec.encode(try bitmap(30, 20, marks: [(3, 3)]))
        let sheetPath = pkg.artifactsFolder + "/testBadge.matrix.contact-sheet.png"
        try Data(sheet).write(to: URL(fileURLWithPath: sheetPath))
        for name in ["testBadge.w200-AX1-ltr", "testBadge.w200-AX1-rtl"] { try pkg.edit(name) { $0.contactSheet = sheetPath } }
        let result = try labelsnap(["report", "-o", "-"], cwd: pkg.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("<h2>Contact sheet: testBadge (2 failing combinations)</h2>"), result.stdout)
        XCTAssertEqual(inlinedImages(result.stdout).filter { $0 == sheet }.count, 1, "shown once for the matrix")
        // Rejecting one combination keeps the sheet the other still shows.
        XCTAssertEqual(try labelsnap(["reject", "testBadge.w200-AX1-ltr"], cwd: pkg.root).status, 0)
        XCTAssertNotNil(pkg.bytes(sheetPath))
    }

    func testDefaultOutputAndStdout() throws {
        try pkg.fail("testBadge()", named: "1", reference: try bitmap(4, 4), actual: try bitmap(4, 4, marks: [(0, 0)]))
        let result = try labelsnap(["report"], cwd: pkg.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "wrote \(pkg.artifactsRoot)/report.html: 1 failure\n")
        let stdout = try labelsnap(["report", "-o", "-"], cwd: pkg.root)
        XCTAssertEqual(inlinedImages(stdout.stdout).count, 3)
        // The report file is not a failure: review still lists one.
        XCTAssertTrue(try labelsnap(["review"], cwd: pkg.root).stdout.hasPrefix("1 pending snapshot failure in "))
    }

    /// Real labels, as `assertLabelSnapshot` would fail on them: one changed Hangul syllable (same
    /// size) and a longer English text (the label grows). `LABELSNAP_CLI_TESTS_KEEP=1` keeps the
    /// package to look at `report.html`.
    func testReportOfRenderedLabels() throws {
        func label(_ text: String, lines: Int = 1) throws -> Bitmap {
            var l = PaddedLabel(text, font: .default(size: 17), insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
            l.backgroundColor = try Color(hex: "#FFE6C8")
            l.cornerRadius = 8
            l.numberOfLines = lines
            return try l.render()
        }
        try pkg.fail("testKoreanBadge()", named: "1", reference: try label("않이 패딩이 왜 없어..?"),
                     actual: try label("않이 패딩이 게 없어..?"))
        try pkg.fail("testEnglishBadge()", named: "1", reference: try label("UILabel With Padding"),
                     actual: try label("UILabel With Padding!"))
        let result = try labelsnap(["report", "-o", "report.html"], cwd: pkg.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOfFile: pkg.root + "/report.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<h1>2 snapshot failures</h1>"))
        // Side by side at 1× (the labels are 196 and 213–220 px wide), and magnified below, 1080 px at
        // most: 1080 / 220 → 4×, 1080 / 196 → 5×. 2 × (3 + 3) images.
        XCTAssertEqual(inlinedImages(html).count, 12)
        XCTAssertTrue(html.contains("<summary>Magnified 4×, reference over actual over diff</summary>"))
        XCTAssertTrue(html.contains("<summary>Magnified 5×, reference over actual over diff</summary>"))
        XCTAssertTrue(html.contains("right edge +"), "the English label grew")
    }
}
