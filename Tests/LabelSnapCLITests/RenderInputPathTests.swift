import Foundation
import XCTest

/// Empty values and folders given where a font, a name or a file is expected are refused saying so (a folder given
/// to `--font` was FreeType's "cannot open face 0", `--register ""` "not a file" of the working folder, `--font ""`
/// and `--font-name ""` suggested arbitrary installed names); `--attributed -` reads standard input as
/// `--text-file -` does (it was "cannot read -").
final class RenderInputPathTests: XCTestCase {
    let interFolder = "/usr/share/fonts/opentype/inter"

    func testEmptyValuesAndFoldersExit2SayingSoWritingNothing() throws {
        let dir = try temporaryFolder("render-input-paths")
        try FileManager.default.createDirectory(atPath: dir + "/json", withIntermediateDirectories: true)
        try Data(#"{"text": "ab", "runs": [{"range": [0, 1], "font": ""}]}"#.utf8).write(to: URL(fileURLWithPath: dir + "/empty-font.json"))
        try Data(#"{"text": "ab", "runs": [{"range": [0, 1], "font": "\#(interFolder)"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: dir + "/folder-font.json"))
        let folderAdvice = "is a folder: name a font file in it, or register the folder (--register \(interFolder)) and name one of its faces "
            + "(--font-name NAME, or --font FAMILY)"
        let cases: [([String], String)] = [
            (["x", "--font", interFolder], "--font: \(interFolder) \(folderAdvice)"),
            (["x", "--fallback", interFolder], "--fallback: \(interFolder) \(folderAdvice)"),
            (["x", "--font", ""], "--font is empty: give a font file's path or a family (fc-list : family)"),
            (["x", "--font-name", ""], "--font-name is empty: give a PostScript or full name (fc-list : postscriptname)"),
            (["x", "--register", ""], "--register is empty: give a font file's path or a folder of fonts"),
            (["--attributed", ""], "--attributed: the path is empty: give a JSON file's path, or - for standard input"),
            (["--attributed", dir + "/json"], "--attributed: \(dir)/json: is a folder, not a file"),
            (["--attributed", "empty-font.json"],
             "--attributed: runs[0].font: the name is empty: give a font file's path or a family (fc-list : family)"),
            (["--attributed", "folder-font.json"], "--attributed: runs[0].font: \(interFolder) is a folder: name a font file in it"),
            (["--text-file", ""], "--text-file: the path is empty: give a UTF-8 file's path, or - for standard input"),
        ]
        for (args, message) in cases {
            let run = try labelsnap(["render"] + args + ["-o", dir + "/out.png"], cwd: dir)
            XCTAssertEqual(run.status, 2, "\(args): \(run.stderr)")
            XCTAssertEqual(run.stderr, "labelsnap: \(message)\n", "\(args)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out.png"), "\(args)")
        }
    }

    /// The same JSON from standard input and from a file draws the same PNG; bad JSON on standard input is named so.
    func testAttributedTextFromStandardInput() throws {
        let dir = try temporaryFolder("render-input-paths")
        let json = #"{"text": "New items", "runs": [{"range": [0, 3], "font": "DejaVu Sans Bold", "size": 12}]}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: dir + "/chip.json"))
        let file = try labelsnap(["render", "--attributed", "chip.json", "-o", dir + "/file.png"], cwd: dir)
        XCTAssertEqual(file.status, 0, file.stderr)
        for path in ["-", "/dev/stdin"] {
            let piped = try labelsnap(["render", "--attributed", path, "-o", dir + "/stdin.png"], cwd: dir, standardInput: Data(json.utf8))
            XCTAssertEqual(piped.status, 0, piped.stderr)
            XCTAssertEqual(piped.stdout.replacingOccurrences(of: "stdin.png", with: "file.png"), file.stdout, path)
            XCTAssertEqual(FileManager.default.contents(atPath: dir + "/stdin.png"), FileManager.default.contents(atPath: dir + "/file.png"), path)
            try FileManager.default.removeItem(atPath: dir + "/stdin.png")
        }
        let bad = try labelsnap(["render", "--attributed", "-", "-o", dir + "/stdin.png"], cwd: dir, standardInput: Data(#"{"text": 3}"#.utf8))
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.hasPrefix("labelsnap: --attributed: unknown or mistyped key \"text\""), bad.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/stdin.png"))
        let tooMuch = try labelsnap(["render", "--attributed", "-"], cwd: dir, standardInput: Data(repeating: 0x20, count: (64 << 20) + 1))
        XCTAssertEqual(tooMuch.status, 2)
        XCTAssertEqual(tooMuch.stderr, "labelsnap: standard input holds more than 67108864 bytes, the most --attributed - reads: "
            + "save the attributed text to a file and give its path\n")
    }
}
