import Foundation
import LabelRendering
import Imaging
import SnapshotMessages
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
            $0.tolerance = "test<b>\"Tom\" & 'Jerry'</b>"
            $0.message = "</pre><script>alert(1)</script>"
        }
        try FileManager.default.createDirectory(atPath: pkg.root + "/out", withIntermediateDirectories: true)   // -o makes no folder
        let result = try labelsnap(["report", "-o", "out/report.html"], cwd: pkg.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "wrote \(pkg.root)/out/report.html: 1 failure\n")
        let html = try String(contentsOfFile: pkg.root + "/out/report.html", encoding: .utf8)

        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("<h1>1 snapshot failure</h1>"), html)
        XCTAssertTrue(html.contains("<dd>test&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</dd>"), html)
        XCTAssertTrue(html.contains("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 1, "only the report's own small script; the record's is escaped")
        XCTAssertFalse(html.contains("<b>"))
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "self-contained: no network")
        XCTAssertTrue(html.contains("image-rendering: pixelated"))
        XCTAssertTrue(html.contains("<pre>swift run labelsnap accept \(pkg.record("testBadge.badge"))</pre>"), html)
        XCTAssertTrue(html.contains("<td class=\"num\">2 of 48 px differ (4.167%)</td>"), html)

        // Reference (the copy that was compared), diff, actual and the amplified difference, each once, in
        // that order, byte for byte; scaled by a whole-number zoom (8×6 → 12×), large enough that no
        // magnified view is added.
        let images = inlinedImages(html)
        XCTAssertEqual(images.count, 4)
        XCTAssertEqual(images[0], try PNGCodec.encode(reference))
        XCTAssertEqual(images[1], pkg.bytes(pkg.artifactsFolder + "/testBadge.badge.png.diff.png"))
        XCTAssertEqual(images[2], try PNGCodec.encode(actual))
        XCTAssertEqual(html.components(separatedBy: "width=\"96\" height=\"72\"").count - 1, 4)
        XCTAssertTrue(html.contains("style=\"--z: 12; --zm: 12\""), html)
        XCTAssertFalse(html.contains("view-1-mag"))
        // Amplified: the two changed pixels differ by 255 (factor 1: the top of the scale, viridis'
        // yellow 253,231,37); unchanged white stays white (215 + 255·40/255), unchanged black is 215.
        let amplified = try PNGCodec.decode(images[3])
        func px(_ x: Int, _ y: Int) -> [UInt8] { Array(amplified.pixels[((y * 8 + x) * 4)..<((y * 8 + x) * 4 + 4)]) }
        XCTAssertEqual(px(4, 2), [253, 231, 37, 255])
        XCTAssertEqual(px(5, 2), [253, 231, 37, 255])
        XCTAssertEqual(px(0, 0), [255, 255, 255, 255])
        XCTAssertEqual(px(1, 1), [215, 215, 215, 255])
        XCTAssertTrue(html.contains("largest Δ 255 of 255, each Δ amplified ×1"), html)
        // Every view is a radio button; the first is checked, so the page works without the script.
        for view in ["side", "diff", "toggle", "onion", "amp"] {
            XCTAssertTrue(html.contains("id=\"view-1-\(view)\""), view)
        }
        XCTAssertTrue(html.contains("id=\"view-1-side\" checked>"))
        XCTAssertTrue(html.contains("Accept the actual image:"))
        XCTAssertEqual(pkg.list(pkg.artifactsFolder).count, 5, "report changes nothing")
    }

    func testReportShowsAMatrixContactSheetOnce() throws {
        let reference = try bitmap(8, 6, marks: [(1, 1)]), actual = try bitmap(8, 6, marks: [(2, 2)])
        try pkg.fail("testBadge()", named: "w200-AX1-ltr", reference: reference, actual: actual)
        try pkg.fail("testBadge()", named: "w200-AX1-rtl", reference: reference, actual: actual)
        let sheet = try PNGCodec.encode(try bitmap(30, 20, marks: [(3, 3)]))
        let sheetPath = pkg.artifactsFolder + "/testBadge.matrix.png.contact-sheet.png"
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
        XCTAssertEqual(inlinedImages(stdout.stdout).count, 4)
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
        // The Korean labels are 196 px wide: 2× in a 420 px panel, 3× magnified (620 px) is not twice
        // as large, so no magnifier. The English ones are 213–220 px: 1×, magnified 2× (620 / 220), the
        // first view while there are at most two failures. 2 × 4 images, each once.
        XCTAssertEqual(inlinedImages(html).count, 8)
        XCTAssertTrue(html.contains("style=\"--z: 1; --zm: 2\""), html)
        XCTAssertTrue(html.contains("style=\"--z: 2; --zm: 3\""), html)
        XCTAssertEqual(html.components(separatedBy: ">Magnified 2×</label>").count - 1, 1)
        XCTAssertTrue(html.contains("-mag\" checked>"), "the magnifier is open with few failures")
        XCTAssertTrue(html.contains("right edge +"), "the English label grew")
    }

    /// Many failures: the magnifier is folded behind its tab. A page that would be over 4 MB: images
    /// are files beside it, linked relatively.
    func testManyFailuresFoldTheMagnifierAndLargeImagesBecomeFiles() throws {
        for i in 1...3 {
            try pkg.fail("testWide\(i)()", named: "1", reference: try bitmap(300, 20), actual: try bitmap(300, 20, marks: [(i, 1)]))
        }
        let many = try labelsnap(["report", "-o", "many.html"], cwd: pkg.root)
        XCTAssertEqual(many.status, 0, many.stderr)
        let manyHTML = try String(contentsOfFile: pkg.root + "/many.html", encoding: .utf8)
        XCTAssertEqual(manyHTML.components(separatedBy: ">Magnified 2×</label>").count - 1, 3, "300 px: 1× in a panel, 2× magnified")
        XCTAssertFalse(manyHTML.contains("-mag\" checked>"), "folded: side by side comes first")
        XCTAssertEqual(inlinedImages(manyHTML).count, 12)

        // 1200×900 of noise does not compress: about 4 MB a PNG, 3 of them per failure.
        var noise = try Bitmap(width: 1200, height: 900, fill: .white)
        var state: UInt32 = 12345
        for i in 0..<noise.pixels.count where i % 4 != 3 {
            state = state &* 1_664_525 &+ 1_013_904_223
            noise.pixels[i] = UInt8(truncatingIfNeeded: state >> 24)
        }
        var changed = noise
        changed.pixels[0] ^= 0xFF
        try pkg.fail("testNoise()", named: "1", reference: noise, actual: changed)
        try FileManager.default.createDirectory(atPath: pkg.root + "/out", withIntermediateDirectories: true)   // -o makes no folder
        let big = try labelsnap(["report", "-o", "out/big.html"], cwd: pkg.root)
        XCTAssertEqual(big.status, 0, big.stderr)
        XCTAssertTrue(big.stdout.contains("images in \(pkg.root)/out/big-images"), big.stdout)
        let bigHTML = try String(contentsOfFile: pkg.root + "/out/big.html", encoding: .utf8)
        XCTAssertFalse(bigHTML.contains("data:image/png"), "nothing inlined")
        XCTAssertLessThan(bigHTML.utf8.count, 200_000)
        let files = pkg.list(pkg.root + "/out/big-images")
        XCTAssertEqual(files.count, 16, "4 failures × reference, diff, actual, amplified")
        XCTAssertTrue(files.contains("1-testNoise.1-actual.png"), "\(files)")
        XCTAssertTrue(bigHTML.contains("src=\"big-images/1-testNoise.1-actual.png\""))
        XCTAssertEqual(pkg.bytes(pkg.root + "/out/big-images/1-testNoise.1-actual.png"), try PNGCodec.encode(changed))
    }

    /// A text snapshot: one coloured line diff, labelled once, and "Accept the actual text".
    func testTextFailureShowsOneColouredLineDiff() throws {
        try pkg.write(Array("size: 10 × 20\nlines: 1\n".utf8), to: pkg.referenceFolder + "/testTitle.1.txt")
        let failure = try XCTUnwrap(SnapshotVerifier.verify("size: 12 × 20\nlines: 1\n", as: .text, named: "1", record: .never,
                                                            filePath: pkg.testFile, testName: "testTitle()", environment: [:],
                                                            counter: SnapshotCounter()))
        XCTAssertTrue(failure.recordWritten)
        let result = try labelsnap(["report", "-o", "text.html"], cwd: pkg.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOfFile: pkg.root + "/text.html", encoding: .utf8)
        XCTAssertTrue(html.contains("<span class=\"del\">- size: 10 × 20</span><span class=\"add\">+ size: 12 × 20</span><span class=\"ctx\">  lines: 1</span>"), html)
        XCTAssertEqual(html.components(separatedBy: "Line diff").count - 1, 1, "labelled once")
        XCTAssertFalse(html.contains("<dt>Summary</dt>"))
        XCTAssertTrue(html.contains("Accept the actual text:"))
        XCTAssertFalse(html.contains("actual image"))
        // Accept is offered only while the actual file exists.
        try FileManager.default.removeItem(atPath: pkg.artifactsFolder + "/testTitle.1.txt.actual.txt")
        _ = try labelsnap(["report", "-o", "text.html"], cwd: pkg.root)
        let gone = try String(contentsOfFile: pkg.root + "/text.html", encoding: .utf8)
        XCTAssertFalse(gone.contains("<pre>swift run labelsnap accept "), "no accept command offered, not even --all")
        XCTAssertTrue(gone.contains("No actual text to accept (its file is gone)"), gone)
    }

    /// After an accept (or a pull) the report still shows the reference that was compared, and warns.
    func testAChangedReferenceIsWarnedAboutAndTheComparedOneShown() throws {
        let reference = try bitmap(6, 4)
        try pkg.fail("testBadge()", named: "1", reference: reference, actual: try bitmap(6, 4, marks: [(2, 2)]))
        let pulled = try PNGCodec.encode(try bitmap(6, 4, .black))
        try pkg.write(pulled, to: pkg.reference("testBadge.1"))
        let result = try labelsnap(["report", "-o", "-"], cwd: pkg.root)
        XCTAssertTrue(result.stdout.contains("<div class=\"warning\">The reference in __Snapshots__ changed after this failure was recorded"), result.stdout)
        XCTAssertEqual(inlinedImages(result.stdout).first, try PNGCodec.encode(reference), "the compared reference, not the current one")
    }

    /// A label's images carry its properties (the provenance chunk's `label:` line): the report shows the actual's
    /// and what changed from the reference's, an attributed run's kern named by its range.
    func testTheLabelAndWhatChangedInItFromTheProvenance() throws {
        func stamped(_ png: [UInt8], kern: String) throws -> [UInt8] {
            let label = #"text="NEW items" font=DejaVuSans.ttf#0 12pt attributedText=0..<3{font=DejaVuSans-Bold.ttf#0 12pt kern=\#(kern)}"#
            return try PNGCodec.inserting([PNGTextChunk(keyword: "LabelSnapshot", text: "library: LabelSnapshot 0.6\nlabel: \(label)\n")], into: png)
        }
        try pkg.write(try stamped(try PNGCodec.encode(try bitmap(6, 4)), kern: "1.2"), to: pkg.reference("testChip.chip"))
        try pkg.fail("testChip()", named: "chip", reference: nil, actual: try bitmap(6, 4, marks: [(2, 2)]))
        let actual = try XCTUnwrap(pkg.bytes(pkg.actual("testChip.chip")))
        try pkg.write(try stamped(actual, kern: "1.6"), to: pkg.actual("testChip.chip"))
        let html = try labelsnap(["report", "-o", "-"], cwd: pkg.root).stdout
        XCTAssertTrue(html.contains("<dt>Label</dt><dd>text=&quot;NEW items&quot; font=DejaVuSans.ttf#0 12pt attributedText=0..&lt;3{font=DejaVuSans-Bold.ttf#0 12pt kern=1.6}</dd>"), html)
        XCTAssertTrue(html.contains("<dt>Label changed</dt><dd>attributedText 0..&lt;3: kern=1.2 → kern=1.6</dd>"), html)
        // An image without the chunk (assertSnapshot of a bitmap) has no label rows.
        try pkg.fail("testBitmap()", named: "1", reference: try bitmap(4, 4), actual: try bitmap(4, 4, marks: [(0, 0)]))
        XCTAssertEqual(try labelsnap(["report", "-o", "-"], cwd: pkg.root).stdout.components(separatedBy: "<dt>Label").count - 1, 2)
    }

    /// Artifacts the review does not know (a contact sheet, a localization sweep) are shown too.
    func testFurtherImageArtifactsOfARecordAreShown() throws {
        try pkg.fail("testBadge()", named: "1", reference: try bitmap(4, 4), actual: try bitmap(4, 4, marks: [(0, 0)]))
        let sheet = try bitmap(10, 5, marks: [(3, 3)])
        try pkg.write(try PNGCodec.encode(sheet), to: pkg.artifactsFolder + "/testBadge.1.contact-sheet.png")
        try pkg.edit("testBadge.1") { $0.artifacts["contact-sheet"] = self.pkg.artifactsFolder + "/testBadge.1.contact-sheet.png" }
        let html = try labelsnap(["report", "-o", "-"], cwd: pkg.root).stdout
        XCTAssertTrue(html.contains("<h3>More artifacts</h3>"), html)
        XCTAssertTrue(html.contains("<figcaption>contact-sheet<span>10×5 px, shown 4×</span>"), html)
        XCTAssertEqual(inlinedImages(html).last, try PNGCodec.encode(sheet))
        // reject removes it with the failure's other artifacts.
        XCTAssertEqual(try labelsnap(["reject", "testBadge.1"], cwd: pkg.root).status, 0)
        XCTAssertEqual(pkg.list(pkg.artifactsFolder), [])
    }
}
