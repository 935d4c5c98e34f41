import Foundation
import LabelRendering
import Imaging
import XCTest

/// `labelsnap render` as a subprocess: the environment (`FREETYPE_PROPERTIES`, `LANG` / `LC_ALL`, `TZ`)
/// never changes a byte of the PNG, and `--text-file` with invalid UTF-8 or CESU-8 surrogates is refused
/// with the byte offset instead of drawing U+FFFD. The binary is the one next to the test bundle (`swift build` puts both in
/// the same folder).
final class CLIEnvironmentTests: XCTestCase {
    static var binary: URL {
        Bundle.allBundles.map(\.bundleURL).first { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
            .map { $0.appendingPathComponent("labelsnap") }
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("labelsnap")
    }

    struct Run { var status: Int32; var stdout: String; var stderr: String }

    func labelsnap(_ arguments: [String], environment: [String: String]) throws -> Run {
        try Self.labelsnap(arguments, environment: environment)
    }

    static func labelsnap(_ arguments: [String], environment: [String: String]) throws -> Run {
        let binary = Self.binary
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw XCTSkip("labelsnap is not built at \(binary.path): run `swift build` first")
        }
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        p.environment = environment
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// Only what a process needs, so the parent's own variables cannot leak into the baseline.
    /// Sanitizer options pass through (Scripts/sanitize.sh turns leak detection off for the child too).
    /// `loop-a` → `loop-b` → `loop-a`.
    static func symlinkLoop() -> String {
        let a = Scratch.folder + "/loop-a", b = Scratch.folder + "/loop-b"
        _ = symlink(b, a); _ = symlink(a, b)
        return a
    }

    static let baseEnvironment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()].merging(
        ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") || $0.key == "SWIFT_BACKTRACE" }) { $1 }

    static let variants: [String: [String: String]] = [
        "FREETYPE_PROPERTIES darkening/v35": ["FREETYPE_PROPERTIES": "cff:no-stem-darkening=0 autofitter:no-stem-darkening=0 type1:no-stem-darkening=0 t1cid:no-stem-darkening=0 truetype:interpreter-version=35"],
        "FREETYPE_PROPERTIES v38/hinting": ["FREETYPE_PROPERTIES": "truetype:interpreter-version=38 cff:hinting-engine=freetype autofitter:warping=1 cff:darkening-parameters=500,300,1000,200,1500,100,2000,0"],
        "FREETYPE_PROPERTIES garbage": ["FREETYPE_PROPERTIES": "::: truetype:interpreter-version=nope cff:no-stem-darkening"],
        "LANG ko_KR.UTF-8": ["LANG": "ko_KR.UTF-8"],
        "LC_ALL tr_TR.UTF-8": ["LC_ALL": "tr_TR.UTF-8", "LANG": "tr_TR.UTF-8"],
        "LC_ALL C": ["LC_ALL": "C"],
        "LANG C.UTF-8 LC_CTYPE POSIX": ["LANG": "C.UTF-8", "LC_CTYPE": "POSIX"],
        "LC_ALL th_TH.UTF-8 ja_JP": ["LC_ALL": "th_TH.UTF-8", "LANGUAGE": "ja_JP:ko"],
        "TZ Asia/Seoul": ["TZ": "Asia/Seoul"],
        "TZ Pacific/Chatham": ["TZ": "Pacific/Chatham"],
        "TZ garbage": ["TZ": "Nowhere/Nothing-99:30"],
        "everything": ["FREETYPE_PROPERTIES": "cff:no-stem-darkening=0 truetype:interpreter-version=35",
                       "LC_ALL": "tr_TR.UTF-8", "TZ": "America/St_Johns", "LANGUAGE": "tr"],
    ]

    /// Text that exercises Turkish casing (İ ı), Hangul line breaking, emoji, Thai, ligatures and kerning.
    static let renders: [[String]] = [
        ["render", "İstanbul ıi fi AVATAR 않이 패딩이 왜 없어..? 👍🏽 ภาษาไทย", "--scale", "2", "--insets", "4,8,4,8",
         "--width", "160", "--lines", "0", "--background", "#FFFFFF"],
        ["render", "Stem darkening: Nimbus CFF ﬁ", "--font", "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf",
         "--font", "DejaVu Sans", "--size", "13", "--scale", "3"],
    ]

    func testEnvironmentDoesNotChangeAPixel() throws {
        let dir = Scratch.directory("env")
        for (r, arguments) in Self.renders.enumerated() {
            if arguments.contains("--font"), !FileManager.default.fileExists(atPath: arguments[arguments.firstIndex(of: "--font")! + 1]) {
                continue  // the CFF font (apt fonts-urw-base35) is optional
            }
            let basePath = dir + "/base-\(r).png"
            let base = try labelsnap(arguments + ["-o", basePath], environment: Self.baseEnvironment)
            XCTAssertEqual(base.status, 0, base.stderr)
            let reference = try Data(contentsOf: URL(fileURLWithPath: basePath))
            XCTAssertGreaterThan(reference.count, 500)
            for (name, variables) in Self.variants.sorted(by: { $0.key < $1.key }) {
                let path = dir + "/\(r)-\(name.filter { $0.isLetter || $0.isNumber }).png"
                let run = try labelsnap(arguments + ["-o", path], environment: Self.baseEnvironment.merging(variables) { $1 })
                XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
                func summary(_ out: String) -> [Substring] { out.split(separator: "\n").filter { !$0.hasPrefix("wrote ") } }
                XCTAssertEqual(summary(run.stdout), summary(base.stdout), name)
                let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                XCTAssertTrue(bytes == reference, "\(name) changed render \(r): \(bytes.count) vs \(reference.count) bytes")
            }
        }
    }

    func testInProcessRenderMatchesTheCLI() throws {
        // The same label rendered in this (test) process, whatever its environment, gives the same PNG bytes.
        let path = Scratch.directory("env") + "/cli.png"
        let run = try labelsnap(["render", "İstanbul 않이 👍🏽", "--scale", "2", "--insets", "1,2,3,4", "-o", path],
                                environment: Self.baseEnvironment.merging(Self.variants["everything"]!) { $1 })
        XCTAssertEqual(run.status, 0, run.stderr)
        var label = PaddedLabel("İstanbul 않이 👍🏽", insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        label.scale = 2
        XCTAssertEqual(try PNGCodec.encode(label.render()), Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    func testTextFileWithInvalidUTF8AndSurrogatesIsRefused() throws {
        let dir = Scratch.directory("text")
        // (name, bytes, offset of the first invalid sequence, its line), offsets counted by hand.
        let invalid: [(String, [UInt8], Int, Int)] = [
            ("cesu8-pair", Array("a".utf8) + [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80] + Array("b".utf8), 1, 1),  // U+1F600 as CESU-8
            ("lone-high", [0xED, 0xA0, 0x80] + Array(" x".utf8), 0, 1),
            ("lone-low", Array("x\n".utf8) + [0xED, 0xBF, 0xBF], 2, 2),
            ("invalid-bytes", [0x61, 0xFF, 0xFE, 0xC0, 0xAF, 0xE0, 0x80, 0xAF, 0xF8, 0x88, 0x80, 0x80, 0x80, 0x62], 1, 1),
            ("overlong-slash", Array("ab\n\n".utf8) + [0xC0, 0xAF], 4, 3),
            ("truncated-sequence", Array("한".utf8).dropLast() + Array("글".utf8), 0, 1),
            ("latin1", Array("Gr".utf8) + [0xFC, 0xDF] + Array("e".utf8), 2, 1),
            ("bom-utf16le", [0xFF, 0xFE, 0x61, 0x00, 0x00, 0xD8, 0x62, 0x00], 0, 1),
        ]
        for (name, bytes, offset, line) in invalid {
            let file = Scratch.file("text-\(name).txt", Data(bytes))
            let png = dir + "/\(name).png"
            let run = try labelsnap(["render", "--text-file", file, "--lines", "0", "-o", png], environment: Self.baseEnvironment)
            XCTAssertEqual(run.status, 2, "\(name): \(run.stdout)")
            XCTAssertTrue(run.stderr.contains("\(file):\(line): not valid UTF-8 at byte offset \(offset) (0x"), "\(name): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains("save the file as UTF-8"), run.stderr)
            XCTAssertEqual(run.stdout, "", name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: png), "\(name): nothing is drawn from a guess")
        }
        // Valid UTF-8 that is odd text renders as the same String would.
        for (name, bytes) in [("nul-and-controls", [0x61, 0x00, 0x01, 0x1B, 0x5B, 0x33, 0x31, 0x6D, 0x7F, 0x62, 0x0A, 0x63] as [UInt8]),
                              ("noncharacters", Array("\u{FFFE}\u{FFFF}\u{10FFFF}".utf8)),
                              ("bom-utf8", [0xEF, 0xBB, 0xBF] + Array("a".utf8))] {
            let png = dir + "/\(name).png"
            let run = try labelsnap(["render", "--text-file", Scratch.file("text-\(name).txt", Data(bytes)), "--lines", "0", "-o", png],
                                    environment: Self.baseEnvironment)
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
            var label = PaddedLabel(String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self))
            label.numberOfLines = 0
            XCTAssertEqual(try PNGCodec.encode(label.render()), Array(try Data(contentsOf: URL(fileURLWithPath: png))), name)
        }
        // An empty file is a 0×0 label: a clear error, not a crash or an empty PNG.
        let empty = try labelsnap(["render", "--text-file", Scratch.file("text-empty.txt", Data()), "-o", dir + "/empty.png"],
                                  environment: Self.baseEnvironment)
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.contains("cannot encode a 0×0 px bitmap as PNG"), empty.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/empty.png"))
    }

    func testUnreadableTextFileAndBadArguments() throws {
        let dir = Scratch.directory("a-folder")
        for (arguments, message) in [
            (["render", "--text-file", dir], "labelsnap: \(dir): is a folder, not a file"),
            (["render", "--text-file", Scratch.folder + "/nope.txt"], "labelsnap: \(Scratch.folder)/nope.txt: no such file or folder"),
            (["render", "--text-file", Self.symlinkLoop()], "labelsnap: \(Self.symlinkLoop()): is a loop of symbolic links"),
            // A folder that takes no new files: the system's reason, not Foundation's "The operation could not be completed".
            (["render", "x", "-o", "/proc/x.png"], "labelsnap: cannot write /proc/x.png: No such file or directory; check that /proc is a writable folder"),
            (["render", "x", "--size", "nan"], "--size needs a finite number"),
            (["render", "x", "--scale", "-inf"], "--scale needs a finite number"),
            (["render", "x", "--scale", "0"], "invalid scale 0.0"),
            (["render", "x", "--insets", "1,2,nan,4"], "--insets needs 4 comma-separated finite numbers (not nan or inf)"),
            (["render", "x", "--width", "-5"], "invalid bounds"),
            (["render", "x", "--width", "1e300"], "≤ 1000000 points"),
            (["render", "x", "--width", "100000"], "exceeds the limit of 32768 px a side"),
            (["render", "x", "--font", Scratch.file("cli-random.ttf", Data(pseudoRandomBytes(300, seed: 7)))], "FreeType cannot open"),
            (["render", "x", "--font", Scratch.folder + "/missing.ttf"], "font file not found"),
            (["render", "x", "--lines", "99999999999999999999"], "--lines needs an integer"),
        ] {
            let run = try labelsnap(arguments, environment: Self.baseEnvironment)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            XCTAssertFalse(run.stderr.contains("Fatal error") || run.stderr.contains("could not be completed"), run.stderr)
        }
    }
}
