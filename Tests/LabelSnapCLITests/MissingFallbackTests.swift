import Foundation
import XCTest

/// A fallback font that was deleted or emptied draws Hangul and Han as .notdef boxes; `labelsnap render` used to
/// exit 0 with the code points only under "missing glyphs" (and --json). Now stderr warns, naming the code points,
/// the fonts tried, the file and what is wrong with it, and the package that ships it.
final class MissingFallbackTests: XCTestCase {
    func testADeletedOrEmptyFallbackIsNamedOnStandardError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("missing-fallback-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let missing = folder + "/gone/NotoSansCJK-Regular.ttc"
        // A copy of a real CJK font, truncated to 0 bytes (as a bind-mounted empty file).
        let empty = folder + "/NotoSansCJK-Regular.ttc"
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        for (fallback, problem) in [(missing, "missing: " + missing + "; install it with: apt-get install fonts-noto-cjk"),
                                    (empty, "unreadable: " + empty + " is empty (0 bytes); reinstall it with: apt-get install --reinstall fonts-noto-cjk")] {
            let result = try labelsnap(["render", "한 漢", "--font", dejaVu, "--fallback", fallback, "-o", folder + "/out.png"], cwd: folder)
            XCTAssertEqual(result.status, 0, result.stderr)
            // U+D55C and U+6F22: DejaVu Sans has neither (fc-query's charset of the file holds neither).
            XCTAssertTrue(result.stderr.contains("warning: 2 code points have no glyph in any font of the chain and are drawn as .notdef boxes: "
                + "U+D55C HANGUL SYLLABLE HAN, U+6F22 CJK UNIFIED IDEOGRAPH-6F22; fonts tried: DejaVuSans.ttf, "
                + "NotoSansCJK-Regular.ttc (" + problem + ")"), result.stderr)
        }
        // Covered text warns about nothing.
        let fine = try labelsnap(["render", "Hallo", "--font", dejaVu, "--fallback", empty, "-o", folder + "/out.png"], cwd: folder)
        XCTAssertEqual(fine.stderr, "")
    }
}
