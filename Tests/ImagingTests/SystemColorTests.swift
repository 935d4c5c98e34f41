import Imaging
import XCTest

/// The system colours against Apple's tables, typed here again from the sources docs/drawing.md names (System colours) (not read
/// from the code's table): the HIG "Color" page's iOS table of the system colours (default light, default
/// dark, increased contrast light, increased contrast dark, as R, G, B) and UIKit's resolved semantic colours.
final class SystemColorTests: XCTestCase {
    typealias RGB = (Int, Int, Int)

    func color(_ c: RGB, _ alpha: Int = 255) -> Color {
        Color(red: UInt8(c.0), green: UInt8(c.1), blue: UInt8(c.2), alpha: UInt8(alpha))
    }

    func check(_ name: String, _ light: RGB, _ dark: RGB, _ highLight: RGB, _ highDark: RGB, file: StaticString = #filePath, line: UInt = #line) {
        guard let c = Color.named(name) else { return XCTFail("no colour named \(name)", file: file, line: line) }
        XCTAssertEqual(c.resolved(for: .light, contrast: .normal), color(light), "\(name) light", file: file, line: line)
        XCTAssertEqual(c.resolved(for: .dark, contrast: .normal), color(dark), "\(name) dark", file: file, line: line)
        XCTAssertEqual(c.resolved(for: .light, contrast: .high), color(highLight), "\(name) high contrast light", file: file, line: line)
        XCTAssertEqual(c.resolved(for: .dark, contrast: .high), color(highDark), "\(name) high contrast dark", file: file, line: line)
    }

    func testSystemColoursAreApplesPublishedValues() {
        check("systemRed", (255, 59, 48), (255, 69, 58), (215, 0, 21), (255, 105, 97))
        check("systemOrange", (255, 149, 0), (255, 159, 10), (201, 52, 0), (255, 179, 64))
        check("systemYellow", (255, 204, 0), (255, 214, 10), (178, 80, 0), (255, 212, 38))
        check("systemGreen", (52, 199, 89), (48, 209, 88), (36, 138, 61), (48, 219, 91))
        check("systemMint", (0, 199, 190), (99, 230, 226), (12, 129, 123), (102, 212, 207))
        check("systemTeal", (48, 176, 199), (64, 200, 224), (0, 130, 153), (93, 230, 255))
        check("systemCyan", (50, 173, 230), (100, 210, 255), (0, 113, 164), (112, 215, 255))
        check("systemBlue", (0, 122, 255), (10, 132, 255), (0, 64, 221), (64, 156, 255))
        check("systemIndigo", (88, 86, 214), (94, 92, 230), (54, 52, 163), (125, 122, 255))
        check("systemPurple", (175, 82, 222), (191, 90, 242), (137, 68, 171), (218, 143, 255))
        check("systemPink", (255, 45, 85), (255, 55, 95), (211, 15, 69), (255, 100, 130))
        check("systemBrown", (162, 132, 94), (172, 142, 104), (127, 101, 69), (181, 148, 105))
        check("systemGray", (142, 142, 147), (142, 142, 147), (108, 108, 112), (174, 174, 178))
        check("systemGray2", (174, 174, 178), (99, 99, 102), (142, 142, 147), (124, 124, 128))
        check("systemGray3", (199, 199, 204), (72, 72, 74), (174, 174, 178), (84, 84, 86))
        check("systemGray4", (209, 209, 214), (58, 58, 60), (188, 188, 192), (68, 68, 70))
        check("systemGray5", (229, 229, 234), (44, 44, 46), (216, 216, 220), (54, 54, 56))
        check("systemGray6", (242, 242, 247), (28, 28, 30), (235, 235, 240), (36, 36, 38))
        check("tintColor", (0, 122, 255), (10, 132, 255), (0, 64, 221), (64, 156, 255))
    }

    /// UIKit's semantic colours as resolved components (alpha 0…1 to 8 bits, rounded to nearest); Apple
    /// publishes no increased-contrast values for them, so the high-contrast cells are the normal ones (the
    /// pick DESIGN.md states under "To check on a device").
    func testSemanticColoursAreUIKitsResolvedValues() {
        func semantic(_ name: String, _ light: RGB, _ lightAlpha: Double, _ dark: RGB, _ darkAlpha: Double,
                      file: StaticString = #filePath, line: UInt = #line) {
            guard let c = Color.named(name) else { return XCTFail("no colour named \(name)", file: file, line: line) }
            let l = color(light, Int((lightAlpha * 255).rounded())), d = color(dark, Int((darkAlpha * 255).rounded()))
            XCTAssertEqual(c.resolved(for: .light), l, "\(name) light", file: file, line: line)
            XCTAssertEqual(c.resolved(for: .dark), d, "\(name) dark", file: file, line: line)
            XCTAssertEqual(c.resolved(for: .light, contrast: .high), l, "\(name) high contrast light", file: file, line: line)
            XCTAssertEqual(c.resolved(for: .dark, contrast: .high), d, "\(name) high contrast dark", file: file, line: line)
        }
        semantic("label", (0, 0, 0), 1, (255, 255, 255), 1)
        semantic("secondaryLabel", (60, 60, 67), 0.6, (235, 235, 245), 0.6)
        semantic("tertiaryLabel", (60, 60, 67), 0.3, (235, 235, 245), 0.3)
        semantic("quaternaryLabel", (60, 60, 67), 0.18, (235, 235, 245), 0.16)
        semantic("link", (0, 122, 255), 1, (9, 132, 255), 1)
        semantic("placeholderText", (60, 60, 67), 0.3, (235, 235, 245), 0.3)
        semantic("separator", (60, 60, 67), 0.29, (84, 84, 88), 0.6)
        semantic("opaqueSeparator", (198, 198, 200), 1, (56, 56, 58), 1)
        semantic("systemBackground", (255, 255, 255), 1, (0, 0, 0), 1)
        semantic("secondarySystemBackground", (242, 242, 247), 1, (28, 28, 30), 1)
        semantic("tertiarySystemBackground", (255, 255, 255), 1, (44, 44, 46), 1)
        semantic("systemGroupedBackground", (242, 242, 247), 1, (0, 0, 0), 1)
        semantic("secondarySystemGroupedBackground", (255, 255, 255), 1, (28, 28, 30), 1)
        semantic("tertiarySystemGroupedBackground", (242, 242, 247), 1, (44, 44, 46), 1)
        semantic("systemFill", (120, 120, 128), 0.2, (120, 120, 128), 0.36)
        semantic("secondarySystemFill", (120, 120, 128), 0.16, (120, 120, 128), 0.32)
        semantic("tertiarySystemFill", (118, 118, 128), 0.12, (118, 118, 128), 0.24)
        semantic("quaternarySystemFill", (116, 116, 128), 0.08, (118, 118, 128), 0.18)
    }

    /// The case: `.systemRed` on `.systemGray6`, dark and increased contrast, are Apple's values.
    func testSystemRedOnSystemGray6InDarkHighContrast() {
        XCTAssertEqual(Color.systemRed.resolved(for: .dark, contrast: .high), color((255, 105, 97)))
        XCTAssertEqual(Color.systemGray6.resolved(for: .dark, contrast: .high), color((36, 36, 38)))
        XCTAssertEqual(Color.systemRed.resolved(for: .light, contrast: .high), color((215, 0, 21)))
        XCTAssertEqual(Color.systemGray6.resolved(for: .light, contrast: .high), color((235, 235, 240)))
    }

    /// `Color.dynamic`'s increased-contrast variants: each cell resolves to its own colour; one not given is
    /// the normal colour of its appearance; a colour without them keeps its description.
    func testDynamicHighContrastVariants() throws {
        let a = try Color(hex: "#112233"), b = try Color(hex: "#445566"), c = try Color(hex: "#778899"), d = try Color(hex: "#AABBCC")
        let full = Color.dynamic(light: a, dark: b, highContrastLight: c, highContrastDark: d)
        XCTAssertEqual(full.resolved(for: .light, contrast: .normal), a)
        XCTAssertEqual(full.resolved(for: .dark, contrast: .normal), b)
        XCTAssertEqual(full.resolved(for: .light, contrast: .high), c)
        XCTAssertEqual(full.resolved(for: .dark, contrast: .high), d)
        XCTAssertEqual(full.description, "dynamic(light: #112233FF, dark: #445566FF, highContrastLight: #778899FF, highContrastDark: #AABBCCFF)")
        let onlyDark = Color.dynamic(light: a, dark: b, highContrastDark: d)
        XCTAssertEqual(onlyDark.resolved(for: .light, contrast: .high), a)
        XCTAssertEqual(onlyDark.resolved(for: .dark, contrast: .high), d)
        let plain = Color.dynamic(light: a, dark: b)
        XCTAssertEqual(plain.resolved(for: .dark, contrast: .high), b)
        XCTAssertEqual(plain.description, "dynamic(light: #112233FF, dark: #445566FF)")
        XCTAssertEqual(a.resolved(for: .dark, contrast: .high), a)
        // A system colour given for a cell is resolved for that cell.
        let nested = Color.dynamic(light: .systemRed, dark: .systemBlue)
        XCTAssertEqual(nested.resolved(for: .dark, contrast: .high), Color(red: 64, green: 156, blue: 255))
        XCTAssertEqual(nested.resolved(for: .light, contrast: .high), Color(red: 215, green: 0, blue: 21))
    }

    func testNamesParseWhereHexDoes() throws {
        XCTAssertEqual(try Color(hexOrName: "systemGray6"), .systemGray6)
        XCTAssertEqual(try Color(hexOrName: "#F00"), Color(red: 255, green: 0, blue: 0))
        XCTAssertThrowsError(try Color(hexOrName: "systemred"))
        XCTAssertNil(Color.named("SystemRed"))
    }
}
