import TestSupport
import Imaging
import XCTest

/// Text chunks (PNG 3rd edition §11.3.3). Expected bytes are built by hand with `PNGBuilder`, whose
/// CRC is its own table implementation, not the zlib one the codec uses.
final class TextChunkTests: XCTestCase {
    private func chunkList(_ bytes: [UInt8]) -> [(type: String, data: [UInt8])] {
        var chunks: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            chunks.append((type, Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return chunks
    }

    func testEncodeWritesITXtAfterIHDRWithTheSpecLayout() throws {
        var rng = SeededGenerator(seed: 3)
        let bitmap = try randomBitmap(width: 9, height: 4, using: &rng)
        let text = "한글 ünïcode → ok"
        let bytes = try PNGCodec.encode(bitmap, textChunks: [PNGTextChunk(keyword: "LabelSnapshot", text: text),
                                                             PNGTextChunk(keyword: "Software", text: "café", kind: .latin1)])
        let chunks = chunkList(bytes)
        XCTAssertEqual(chunks.map(\.type).prefix(3), ["IHDR", "iTXt", "tEXt"])
        XCTAssertEqual(chunks.last?.type, "IEND")
        // iTXt: keyword NUL, compression flag 0, method 0, language tag "" NUL, translated keyword "" NUL, UTF-8 text.
        XCTAssertEqual(chunks[1].data, Array("LabelSnapshot".utf8) + [0, 0, 0, 0, 0] + Array(text.utf8))
        // tEXt: keyword NUL Latin-1 text ("é" is the single byte 0xE9).
        XCTAssertEqual(chunks[2].data, Array("Software".utf8) + [0] + [0x63, 0x61, 0x66, 0xE9])
        // Same chunks as an independent builder writes them, CRC included.
        let expected = PNGBuilder.chunk("iTXt", chunks[1].data) + PNGBuilder.chunk("tEXt", chunks[2].data)
        XCTAssertEqual(Array(bytes[33..<(33 + expected.count)]), expected)
        // The pixels are those of the plain encoding, and libpng (which checks every CRC) decodes it.
        XCTAssertEqual(try PNGCodec.decode(bytes).pixels, bitmap.pixels)
        let plain = try PNGCodec.encode(bitmap)
        XCTAssertEqual(bytes.count, plain.count + expected.count)
        XCTAssertEqual(try PNGCodec.encode(bitmap, textChunks: [PNGTextChunk(keyword: "LabelSnapshot", text: text),
                                                                 PNGTextChunk(keyword: "Software", text: "café", kind: .latin1)]),
                       bytes, "deterministic")
        XCTAssertEqual(try PNGCodec.encode(bitmap, textChunks: []), plain)
    }

    func testReadsEveryTextKindAnywhereInTheFile() throws {
        let itxtCompressed = Array("Comment".utf8) + [0, 1, 0] + Array("ko".utf8) + [0] + Array("설명".utf8) + [0]
            + PNGBuilder.zlibStored(Array("압축된 글".utf8))
        let before = [
            PNGBuilder.chunk("tEXt", Array("Title".utf8) + [0] + [0x4E, 0xE9]),                           // "Né"
            PNGBuilder.chunk("zTXt", Array("Author".utf8) + [0, 0] + PNGBuilder.zlibStored(Array("Ada".utf8))),
            PNGBuilder.chunk("iTXt", itxtCompressed),
        ]
        var png = PNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [[128]], before: before)
        // One more text chunk between IDAT and IEND.
        png.insert(contentsOf: PNGBuilder.chunk("iTXt", Array("Late".utf8) + [0, 0, 0, 0, 0] + Array("end".utf8)), at: png.count - 12)
        let chunks = try PNGCodec.textChunks(in: png)
        XCTAssertEqual(chunks, [
            PNGTextChunk(keyword: "Title", text: "Né", kind: .latin1),
            PNGTextChunk(keyword: "Author", text: "Ada", kind: .compressedLatin1),
            PNGTextChunk(keyword: "Comment", text: "압축된 글", kind: .international, languageTag: "ko"),
            PNGTextChunk(keyword: "Late", text: "end"),
        ])
        XCTAssertEqual(try PNGCodec.decode(png).pixels, [128, 128, 128, 255], "text never changes pixels")
    }

    func testFileWithoutTextHasNone() throws {
        let bytes = try PNGCodec.encode(try Bitmap(width: 2, height: 2, fill: Color(red: 1, green: 2, blue: 3, alpha: 4)))
        XCTAssertEqual(try PNGCodec.textChunks(in: bytes), [])
    }

    func testReadsFromAFile() throws {
        let bytes = try PNGCodec.encode(try Bitmap(width: 3, height: 1), textChunks: [PNGTextChunk(keyword: "k", text: "v")])
        let path = NSTemporaryDirectory() + "text-chunk-\(getpid()).png"
        defer { unlink(path) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        XCTAssertEqual(try PNGCodec.textChunks(contentsOf: path), [PNGTextChunk(keyword: "k", text: "v")])
        guard case .unreadableFile? = expectPNGError("", { try PNGCodec.textChunks(contentsOf: path + ".missing") }) else {
            return XCTFail("a missing file is unreadable")
        }
    }

    func testDamagedFilesAreErrors() throws {
        let good = try PNGCodec.encode(try Bitmap(width: 3, height: 1), textChunks: [PNGTextChunk(keyword: "k", text: "value")])
        var badCRC = good
        badCRC[33 + 8 + 3] ^= 0x01                         // a byte of the iTXt data
        guard case .corrupt(let message)? = expectPNGError("", { try PNGCodec.textChunks(in: badCRC) }) else {
            return XCTFail("a CRC mismatch is corrupt")
        }
        XCTAssertTrue(message.contains("iTXt"), message)
        guard case .truncated? = expectPNGError("", { try PNGCodec.textChunks(in: Array(good.dropLast(5))) }) else {
            return XCTFail("a file without IEND is truncated")
        }
        guard case .notPNG? = expectPNGError("", { try PNGCodec.textChunks(in: Array("GIF89a....".utf8)) }) else {
            return XCTFail("not a PNG")
        }
        let noKeyword = PNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [[0]],
                                       before: [PNGBuilder.chunk("tEXt", Array("no separator".utf8))])
        guard case .corrupt? = expectPNGError("", { try PNGCodec.textChunks(in: noKeyword) }) else {
            return XCTFail("a tEXt without a keyword separator is corrupt")
        }
        let bomb = PNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [[0]],
                                  before: [PNGBuilder.chunk("zTXt", Array("k".utf8) + [0, 0] + [0x78, 0x01, 0x00])])
        guard case .corrupt? = expectPNGError("", { try PNGCodec.textChunks(in: bomb) }) else {
            return XCTFail("an unfinished zlib stream is corrupt")
        }
    }

    func testKeywordAndTextRulesAreEnforced() throws {
        let bitmap = try Bitmap(width: 1, height: 1)
        for keyword in ["", String(repeating: "k", count: 80), " lead", "trail ", "two  spaces", "tab\tkey", "한글"] {
            guard case .invalidTextChunk? = expectPNGError(keyword, { try PNGCodec.encode(bitmap, textChunks: [PNGTextChunk(keyword: keyword, text: "x")]) }) else {
                return XCTFail("keyword \(keyword.debugDescription) must be refused")
            }
        }
        XCTAssertNoThrow(try PNGCodec.encode(bitmap, textChunks: [PNGTextChunk(keyword: String(repeating: "k", count: 79), text: "")]))
        guard case .invalidTextChunk? = expectPNGError("", { try PNGCodec.encode(bitmap, textChunks: [PNGTextChunk(keyword: "k", text: "a\0b")]) }),
              case .invalidTextChunk? = expectPNGError("", { try PNGCodec.encode(bitmap, textChunks: [PNGTextChunk(keyword: "k", text: "→", kind: .latin1)]) }),
              case .invalidTextChunk? = expectPNGError("", { try PNGCodec.encode(bitmap, textChunks: [PNGTextChunk(keyword: "k", text: "x", kind: .compressedLatin1)]) })
        else { return XCTFail("NUL text, non-Latin-1 tEXt and zTXt writing are refused") }
    }
}
