import Foundation
import XCTest

/// `labelsnap render --markdown TEXT` and `--attributed FILE.json`: the option gives the text, so no TEXT
/// argument is needed (one was required, and ignored); Markdown's strong run and a JSON run naming the bold face
/// over the same characters draw the same pixels, different from the plain text.
final class RenderAttributedTests: XCTestCase {
    let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    func testMarkdownAndAttributedJSONDrawTheBoldRun() throws {
        let dir = try temporaryFolder("render-attributed")
        let font = ["--font", "DejaVu Sans", "--size", "12"]
        let markdown = try labelsnap(["render", "--markdown", "**New** items", "-o", dir + "/markdown.png"] + font, cwd: dir)
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        XCTAssertTrue(markdown.stdout.contains("  1: New items\n"), markdown.stdout)   // the Markdown parsed, no asterisks
        try Data(#"{"text": "New items", "runs": [{"range": [0, 3], "font": "\#(bold)", "size": 12}]}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/chip.json"))
        let attributed = try labelsnap(["render", "--attributed", dir + "/chip.json", "-o", dir + "/attributed.png"] + font, cwd: dir)
        XCTAssertEqual(attributed.status, 0, attributed.stderr)
        let plain = try labelsnap(["render", "New items", "-o", dir + "/plain.png"] + font, cwd: dir)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let m = FileManager.default.contents(atPath: dir + "/markdown.png"), a = FileManager.default.contents(atPath: dir + "/attributed.png")
        XCTAssertNotNil(m)
        XCTAssertEqual(m, a, "the strong run is DejaVu Sans Bold at 12 pt over \"New\"")
        XCTAssertNotEqual(m, FileManager.default.contents(atPath: dir + "/plain.png"))
    }

    /// A run's font named without a size takes the label's point size (it took 17 pt): the same pixels as the
    /// Markdown strong run, which draws the bold face at the label's 12 pt.
    func testARunFontWithoutASizeTakesTheLabelsSize() throws {
        let dir = try temporaryFolder("render-attributed")
        let font = ["--font", "DejaVu Sans", "--size", "12"]
        let markdown = try labelsnap(["render", "--markdown", "**New** items", "-o", dir + "/markdown.png"] + font, cwd: dir)
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        try Data(#"{"text": "New items", "runs": [{"range": [0, 3], "font": "\#(bold)"}]}"#.utf8).write(to: URL(fileURLWithPath: dir + "/chip.json"))
        let attributed = try labelsnap(["render", "--attributed", dir + "/chip.json", "-o", dir + "/attributed.png"] + font, cwd: dir)
        XCTAssertEqual(attributed.status, 0, attributed.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/markdown.png"), FileManager.default.contents(atPath: dir + "/attributed.png"))
        // A later run's size over part of it wins there.
        try Data(#"{"text": "New items", "runs": [{"range": [0, 3], "font": "\#(bold)"}, {"range": [0, 3], "size": 12}]}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/sized.json"))
        let sized = try labelsnap(["render", "--attributed", dir + "/sized.json", "--font", "DejaVu Sans", "--size", "30", "--json"], cwd: dir)
        XCTAssertEqual(sized.status, 0, sized.stderr)
        let wide = try labelsnap(["render", "--attributed", dir + "/chip.json", "--font", "DejaVu Sans", "--size", "30", "--json"], cwd: dir)
        XCTAssertNotEqual(sized.stdout, wide.stdout)
    }

    func testBadInputIsRefusedWithoutWriting() throws {
        let dir = try temporaryFolder("render-attributed")
        let both = try labelsnap(["render", "x", "--markdown", "**y**", "-o", dir + "/out.png"], cwd: dir)
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(both.stderr, "labelsnap: --markdown gives the label's text: drop the TEXT argument (or --text-file)\n")
        try Data(#"{"text": 3}"#.utf8).write(to: URL(fileURLWithPath: dir + "/bad.json"))
        let bad = try labelsnap(["render", "--attributed", dir + "/bad.json", "-o", dir + "/out.png"], cwd: dir)
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("--attributed"), bad.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"))
    }
}
