import Foundation
import XCTest

/// `LABELSNAP_SYSTEM_FONT` naming a font file or a folder that cannot be read says it is a permission (it said
/// "holds no font file (…): check the path", as for a path that does not exist). Run as nobody when the tests run
/// as root, whom a mode of 000 does not stop.
final class SystemFontPermissionTests: XCTestCase {
    func testAnUnreadableFileOrFolderIsAPermission() throws {
        let dir = try temporaryFolder("system-font-permission")
        let regular = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        try FileManager.default.createDirectory(atPath: dir + "/locked", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: regular, toPath: dir + "/locked/DejaVuSans.ttf")
        try FileManager.default.copyItem(atPath: regular, toPath: dir + "/DejaVuSans.ttf")
        // The copies are readable: the same run draws with them before their modes change.
        for path in [dir + "/locked", dir + "/DejaVuSans.ttf"] {
            let run = try labelsnap(["render", "x"], cwd: dir, environment: ["LABELSNAP_SYSTEM_FONT": path], unprivileged: true)
            XCTAssertEqual(run.status, 0, "\(path): \(run.stderr)")
        }
        XCTAssertEqual(chmod(dir + "/DejaVuSans.ttf", 0), 0)
        XCTAssertEqual(chmod(dir + "/locked", 0), 0)
        defer { chmod(dir + "/locked", 0o755) }
        let cases = [
            (dir + "/DejaVuSans.ttf", "the font file \(dir)/DejaVuSans.ttf cannot be read: check its permissions (chmod a+r)"),
            (dir + "/locked", "the folder \(dir)/locked cannot be read: check its permissions (chmod a+rx)"),
            (dir + "/locked/DejaVuSans.ttf", "\(dir)/locked/DejaVuSans.ttf cannot be reached: permission denied on a folder of its path"),
        ]
        for (path, message) in cases {
            let run = try labelsnap(["render", "x", "-o", dir + "/out.png"], cwd: dir, environment: ["LABELSNAP_SYSTEM_FONT": path],
                                    unprivileged: true)
            XCTAssertEqual(run.status, 2, "\(path): \(run.stderr)")
            XCTAssertEqual(run.stderr, "labelsnap: LABELSNAP_SYSTEM_FONT=\(path): \(message)\n", path)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"), path)
        }
    }
}
