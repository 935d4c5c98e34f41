import Foundation
import XCTest

/// Font paths that are FIFOs (--font, --register of a file or a folder, LABELSNAP_SYSTEM_FONT, a sweep style's
/// "registerFonts"): exit 2 at once, naming the FIFO; they blocked forever in FreeType's or fontconfig's open(2).
/// The harness stops a process that blocks (timeout), so the suite never hangs.
final class FontFIFOCommandTests: XCTestCase {
    func testFontPathsThatAreFIFOsAreRefusedWithoutBlocking() throws {
        let folder = NSTemporaryDirectory() + "labelsnap-fontfifo-cli-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder + "/f2", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/en.lproj", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        XCTAssertEqual(mkfifo(folder + "/ff.ttf", 0o644), 0)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", toPath: folder + "/f2/a.ttf")
        XCTAssertEqual(mkfifo(folder + "/f2/z.ttf", 0o644), 0)
        try Data("\"k\" = \"Hello\";\n".utf8).write(to: URL(fileURLWithPath: folder + "/en.lproj/Localizable.strings"))
        try Data(#"{"font": "DejaVu Sans", "size": 15, "width": 100, "registerFonts": "f2"}"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/style.json"))
        let fifo = folder + "/f2/z.ttf"
        let isFIFO = "is a FIFO, not a regular file: nothing was read from it"
        let cases: [([String], [String: String], String)] = [
            (["render", "W", "--font", "ff.ttf", "-o", "x.png"], [:], "labelsnap: font file ff.ttf \(isFIFO)"),
            (["render", "W", "--register", "ff.ttf", "-o", "x.png"], [:], "labelsnap: --register: font file \(folder)/ff.ttf \(isFIFO)"),
            (["render", "W", "--register", "f2", "--font-name", "DejaVuSans-Bold", "-o", "x.png"], [:],
             "labelsnap: --register: font file \(fifo) \(isFIFO)"),
            (["render", "W", "-o", "x.png"], ["LABELSNAP_SYSTEM_FONT": folder + "/f2"],
             "labelsnap: LABELSNAP_SYSTEM_FONT=\(folder)/f2: \(fifo) \(isFIFO)"),
            (["sweep", "en.lproj/Localizable.strings", "--style", "style.json", "--no-sheets"], [:],
             "labelsnap: sweep: style.json:1: \"registerFonts\": font file \(fifo) \(isFIFO)"),
        ]
        for (args, environment, message) in cases {
            let r = try labelsnap(args, cwd: folder, environment: environment, timeout: 60)
            XCTAssertFalse(r.timedOut, "\(args) blocked")
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix(message), "\(args): \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/x.png"), "\(args) wrote an image")
        }
    }
}
