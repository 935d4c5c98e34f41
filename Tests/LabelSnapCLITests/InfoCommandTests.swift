import Foundation
import Imaging
import SnapshotStore
import XCTest

final class InfoCommandTests: XCTestCase {
    func testInfoPrintsTheProvenanceChunkAndSaysWhenThereIsNone() throws {
        let folder = NSTemporaryDirectory() + "labelsnap-info-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bitmap = try Bitmap(width: 3, height: 2)
        let with = folder + "/with.png", without = folder + "/without.png"
        let text = "library: LabelSnapshot 0.6\nfreetype: 2.12.1\nfont: DejaVuSans.ttf#0 revision=2.370\n"
        XCTAssertTrue(FileManager.default.createFile(atPath: with, contents: Data(try PNGCodec.encode(bitmap, textChunks: [
            PNGTextChunk(keyword: "LabelSnapshot", text: text), PNGTextChunk(keyword: "Software", text: "other tool", kind: .latin1)]))))
        XCTAssertTrue(FileManager.default.createFile(atPath: without, contents: Data(try PNGCodec.encode(bitmap))))
        let result = try labelsnap(["info", with, without], cwd: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            \(with): 3×2 px
              library: LabelSnapshot 0.6
              freetype: 2.12.1
              font: DejaVuSans.ttf#0 revision=2.370
              tEXt Software: other tool

            \(without): 3×2 px
              no provenance chunk: `labelsnap render`'s output and images from elsewhere have none, nor has a contact sheet recorded with as: .contactSheet; references recorded by the other snapshot assertions do (unless recorded before provenance or rewritten by a PNG tool); it compares by pixels

            """)
        let missing = try labelsnap(["info", folder + "/nope.png"], cwd: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("nope.png: cannot read PNG file"), missing.stderr)
        // An option is not a file name ("cannot read PNG file --json"); after --, a name starting with - is a path.
        let option = try labelsnap(["info", "--json", without], cwd: folder)
        XCTAssertEqual(option.status, 2)
        XCTAssertEqual(option.stdout, "")
        XCTAssertEqual(option.stderr, "labelsnap: info: unknown option --json: info takes only PNG paths (put -- before a path that starts with -)\n")
        try FileManager.default.copyItem(atPath: without, toPath: folder + "/-dash.png")
        let dashed = try labelsnap(["info", "--", "-dash.png"], cwd: folder)
        XCTAssertEqual(dashed.status, 0, dashed.stderr)
        XCTAssertTrue(dashed.stdout.hasPrefix("-dash.png: 3×2 px"), dashed.stdout)
    }

    /// A reference recorded when the label line stated the whole text: info cuts the line at 1,000 characters.
    /// `info` and `diff` on a FIFO (no writer) or a device return at once with a clear error; they blocked forever.
    /// The harness stops a process that blocks (timeout), so the suite never hangs.
    func testInfoAndDiffRefuseAFIFOAndADeviceWithoutBlocking() throws {
        let folder = NSTemporaryDirectory() + "labelsnap-fifo-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/reference.png", image = folder + "/actual.png"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertTrue(FileManager.default.createFile(atPath: image, contents: Data(try PNGCodec.encode(try Bitmap(width: 2, height: 2)))))
        let cases: [([String], String)] = [
            (["info", fifo], "labelsnap: info: \(fifo): cannot read PNG file \(fifo): it is a FIFO, not a regular file: nothing was read."),
            (["diff", fifo, image], "labelsnap diff: cannot read \(fifo): cannot read PNG file \(fifo): it is a FIFO, not a regular file: nothing was read."),
            (["diff", image, "/dev/zero"], "labelsnap diff: cannot read /dev/zero: cannot read PNG file /dev/zero: it is a character device, not a regular file: nothing was read."),
        ]
        for (args, message) in cases {
            let r = try labelsnap(args, cwd: folder, timeout: 60)
            XCTAssertFalse(r.timedOut, "\(args) blocked")
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.hasPrefix(message), r.stderr)
        }
    }

    func testInfoCutsALongLineOfAnOlderReference() throws {
        let folder = NSTemporaryDirectory() + "labelsnap-info-long-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let line = "label: text=\"" + String(repeating: "a", count: 4_986) + "\""  // 5,000 characters
        let path = folder + "/old.png"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(try PNGCodec.encode(try Bitmap(width: 1, height: 1), textChunks: [
            PNGTextChunk(keyword: "LabelSnapshot", text: "library: LabelSnapshot 0.6\n" + line + "\n")]))))
        let result = try labelsnap(["info", path], cwd: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "\(path): 1×1 px\n  library: LabelSnapshot 0.6\n  \(line.prefix(1_000))… (4000 more characters not shown)\n")
    }

    /// The stated image-chunks digest is checked against the file: a file whose image chunks were
    /// rewritten (as `optipng -o2` does) says so.
    func testInfoSaysWhetherTheImageChunksDigestMatchesTheFile() throws {
        let folder = NSTemporaryDirectory() + "labelsnap-info-digest-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var bitmap = try Bitmap(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { bitmap[x, y] = Color(red: UInt8(x * 4), green: UInt8(y * 4), blue: UInt8((x * y) % 256), alpha: 255) } }
        let smallest = try PNGCodec.encode(bitmap), fast = try PNGCodec.encode(bitmap, compression: .fast)
        XCTAssertNotEqual(smallest, fast, "two encodings of the same pixels, as after a PNG optimiser")
        func file(_ name: String, digestOf png: [UInt8]) throws -> String {
            let entries = try ImageReferenceDigest(ofEncoded: png).entries
            let text = "library: LabelSnapshot 0.6\n" + entries.map { "\($0.key): \($0.value)\n" }.joined()
            let path = folder + "/" + name
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(try PNGCodec.encode(bitmap, textChunks: [PNGTextChunk(keyword: "LabelSnapshot", text: text)]))))
            return path
        }
        let same = try file("same.png", digestOf: smallest), rewritten = try file("rewritten.png", digestOf: fast)
        let result = try labelsnap(["info", same, rewritten], cwd: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").filter { $0.contains("image-chunks-sha256: ") }
        XCTAssertEqual(lines.count, 2, result.stdout)
        XCTAssertTrue(lines[0].hasSuffix(" (matches this file)"), String(lines[0]))
        XCTAssertTrue(lines[1].hasSuffix(" (does not match: the image chunks were rewritten (e.g. by a PNG optimiser); passes compare by decoding)"), String(lines[1]))
    }

    /// A chunk copied from another image with its image-chunks digest recomputed over this file's chunks: the
    /// image-chunks line is then true of the file, but the pixels are not. `info` decodes and says so, and
    /// never "(matches this file)": once for another size (the stated size is not IHDR's), once for the same size.
    func testInfoDoesNotVouchForAForgedChunk() throws {
        let folder = NSTemporaryDirectory() + "labelsnap-info-forged-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func image(_ width: Int, _ height: Int, _ seed: Int) throws -> Bitmap {
            var b = try Bitmap(width: width, height: height)
            for y in 0..<height { for x in 0..<width { b[x, y] = Color(red: UInt8((x * 3 + seed) % 256), green: UInt8(y * 5 % 256), blue: 40, alpha: 255) } }
            return b
        }
        let badge = try image(42, 12, 0)
        let badgePNG = try PNGCodec.encode(badge)
        let stated = try ImageReferenceDigest(ofEncoded: badgePNG)
        func forged(_ victim: Bitmap, _ name: String) throws -> String {
            let plain = try PNGCodec.encode(victim)
            var lie = stated
            lie.imageChunks = try XCTUnwrap(PNGCodec.imageChunksDigest(of: plain))
            let text = "library: LabelSnapshot 0.6\n" + lie.entries.map { "\($0.key): \($0.value)\n" }.joined()
            let path = folder + "/" + name
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(try PNGCodec.encode(victim, textChunks: [PNGTextChunk(keyword: "LabelSnapshot", text: text)]))))
            return path
        }
        let smaller = try forged(try image(26, 5, 1), "smaller.png"), sameSize = try forged(try image(42, 12, 7), "same.png")
        let result = try labelsnap(["info", smaller, sameSize], cwd: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("(matches this file)"), result.stdout)
        let chunkLines = result.stdout.split(separator: "\n").filter { $0.contains("image-chunks-sha256: ") }
        XCTAssertEqual(chunkLines.count, 2, result.stdout)
        for line in chunkLines {
            XCTAssertTrue(line.hasSuffix(" (matches the image chunks, but the stated pixels are another image's: the chunk was copied or forged)"), String(line))
        }
        let pixelLines = result.stdout.split(separator: "\n").filter { $0.contains("pixels-xxh128: ") }
        XCTAssertEqual(pixelLines.count, 2, result.stdout)
        XCTAssertTrue(pixelLines[0].hasSuffix(" (does not match: the file is 26×5 px; this chunk was written for another image)"), String(pixelLines[0]))
        XCTAssertTrue(pixelLines[1].hasSuffix(" (does not match: the file decodes to other pixels; this chunk was written for another image)"), String(pixelLines[1]))
    }
}
