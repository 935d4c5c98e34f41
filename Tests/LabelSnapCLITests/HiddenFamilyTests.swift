import Foundation
import XCTest

/// A family that is installed but left out by the fontconfig configuration in force (FONTCONFIG_FILE naming a
/// configuration without the font folders) is said to be hidden, not "install it with: apt-get install …".
final class HiddenFamilyTests: XCTestCase {
    func testAFamilyHiddenByFONTCONFIGFILEIsSaidToBeHidden() throws {
        let nanum = "/usr/share/fonts/truetype/nanum/NanumGothic.ttf"
        guard FileManager.default.fileExists(atPath: nanum) else { throw XCTSkip("fonts-nanum is not installed (make deps)") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hidden-family-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = dir + "/fonts.conf"   // no <dir>: fontconfig lists no font at all
        try Data("<?xml version=\"1.0\"?>\n<fontconfig><cachedir>\(dir)/cache</cachedir></fontconfig>\n".utf8)
            .write(to: URL(fileURLWithPath: config))
        let hidden = try labelsnap(["render", "x", "--font", "NanumGothic", "-o", dir + "/out.png"], cwd: dir,
                                   environment: ["FONTCONFIG_FILE": config])
        XCTAssertEqual(hidden.status, 2)
        XCTAssertEqual(hidden.stderr, "labelsnap: --font: family \"NanumGothic\" is installed (\(nanum)) but hidden by fontconfig's "
            + "configuration: FONTCONFIG_FILE=\(config) lists no font folder that holds it. Unset FONTCONFIG_FILE, or add "
            + "<dir>/usr/share/fonts/truetype/nanum</dir> to that configuration\n")
        XCTAssertFalse(hidden.stderr.contains("apt-get install"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"))
        // Under the system's configuration the family resolves.
        XCTAssertEqual(try labelsnap(["render", "x", "--font", "NanumGothic", "-o", dir + "/out.png"], cwd: dir).status, 0)
    }
}
