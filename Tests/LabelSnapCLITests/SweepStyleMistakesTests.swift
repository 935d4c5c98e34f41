import Foundation
import XCTest

/// Style mistakes `labelsnap sweep` names instead of sweeping through them: an override whose patterns match no key
/// (it applied to nothing, silently), and a width the insets fill (every string was reported hundreds of points tall).
final class SweepStyleMistakesTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    let catalog = root + "/Examples/Sweep/Localizable.xcstrings"

    func style(_ json: String) throws -> String {
        let path = try temporaryFolder("sweep-style") + "/style.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testAnOverrideMatchingNoKeyIsNamedInAWarning() throws {
        let path = try style(#"{"font": "DejaVu Sans", "size": 13, "insets": [4, 10, 4, 10], "width": 600, "numberOfLines": 1, "#
            + #""overrides": [{"keys": "badge.*", "width": 600}, {"keys": ["bagde.*", "x\u001B[2J"], "width": 900}]}"#)
        let r = try labelsnap(["sweep", catalog, "--style", path, "--locales", "de", "--no-sheets"], cwd: Self.root)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains(#"override 2 of \#(path) ("keys": "bagde.*", "x\u{1B}[2J") matches none of the "#), r.stderr)
        XCTAssertFalse(r.stderr.contains("\u{1B}[2J"), "a key pattern is printed with its control characters escaped")
        XCTAssertFalse(r.stderr.contains("override 1 "), r.stderr)
    }

    func testAWidthTheInsetsFillIsRefusedNamingBoth() throws {
        let path = try style(#"{"font": "DejaVu Sans", "size": 13, "insets": [4, 10, 4, 10], "width": 0, "numberOfLines": 1}"#)
        let r = try labelsnap(["sweep", catalog, "--style", path, "--locales", "de", "--no-sheets"], cwd: Self.root)
        XCTAssertEqual(r.status, 2, r.stdout)
        XCTAssertTrue(r.stderr.contains(#""width": 0 pt leaves the text no room: the insets take 20 pt of it; give a "width" over 20 pt"#), r.stderr)
        XCTAssertEqual(r.stdout, "")
        let override = try style(#"{"font": "DejaVu Sans", "size": 13, "insets": [4, 10, 4, 10], "width": 100, "#
            + #""overrides": [{"keys": "badge.*", "width": 20}]}"#)
        let o = try labelsnap(["sweep", catalog, "--style", override, "--locales", "de", "--no-sheets"], cwd: Self.root)
        XCTAssertEqual(o.status, 2, o.stdout)
        XCTAssertTrue(o.stderr.contains(#""width": 20 pt (with this override) leaves the text no room"#), o.stderr)
    }
}
