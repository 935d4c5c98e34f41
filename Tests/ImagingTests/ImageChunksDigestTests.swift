import Support
import Imaging
import TestSupport
import XCTest

/// `PNGCodec.imageChunksDigest(of:)`: SHA-256 of the signature and every non-text chunk, whole; text
/// chunks left out; files it cannot vouch for give nil. Expected digests come from coreutils' sha256sum.
final class ImageChunksDigestTests: XCTestCase {
    func testSHA256MatchesThePublishedVectorsAndSha256sum() throws {
        // FIPS 180-2, appendix B.1 and B.2.
        XCTAssertEqual(SHA256Digest.of(Array("abc".utf8))?.hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256Digest.of(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))?.hex,
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        XCTAssertEqual(SHA256Digest.of(bytes)?.hex, try PNGEditing.sha256sum(bytes))
        let digest = try XCTUnwrap(SHA256Digest.of(bytes))
        XCTAssertEqual(SHA256Digest(hex: digest.hex), digest)
        XCTAssertEqual(SHA256Digest(hex: digest.hex.uppercased()), digest)
        XCTAssertNil(SHA256Digest(hex: String(digest.hex.dropLast())))
        XCTAssertNil(SHA256Digest(hex: String(digest.hex.dropLast()) + "g"))
    }

    func testTheDigestCoversEveryChunkButText() throws {
        var bitmap = try Bitmap(width: 7, height: 3, fill: Color(red: 10, green: 20, blue: 30, alpha: 255))
        bitmap[2, 1] = Color(red: 200, green: 0, blue: 0, alpha: 128)
        let plain = try PNGCodec.encode(bitmap)
        let expected = try PNGEditing.sha256sum(plain)   // a plain file has no text chunk: the whole file
        XCTAssertEqual(PNGCodec.imageChunksDigest(of: plain)?.hex, expected)
        let texted = try PNGCodec.encode(bitmap, textChunks: [PNGTextChunk(keyword: "LabelSnapshot", text: "a: b\n"),
                                                              PNGTextChunk(keyword: "Comment", text: "x", kind: .latin1)])
        XCTAssertEqual(PNGCodec.imageChunksDigest(of: texted)?.hex, expected)

        // Any other chunk's byte changes it: a palette entry, a CRC, an ancillary chunk added.
        var chunks = PNGEditing.chunks(plain)
        let plte = try XCTUnwrap(chunks.firstIndex { $0.type == "PLTE" })
        chunks[plte].data[0] ^= 1
        XCTAssertNotEqual(PNGCodec.imageChunksDigest(of: PNGEditing.file(chunks))?.hex, expected)
        var crc = plain
        crc[plain.count - 13] ^= 1   // the CRC of the last IDAT (IEND is the final 12 bytes)
        XCTAssertNotNil(PNGCodec.imageChunksDigest(of: crc))
        XCTAssertNotEqual(PNGCodec.imageChunksDigest(of: crc)?.hex, expected)
        let gama = PNGEditing.Chunk(type: "gAMA", data: [0, 0, 0xB1, 0x8F])
        XCTAssertNotEqual(PNGCodec.imageChunksDigest(of: PNGEditing.file([PNGEditing.chunks(plain)[0], gama] + PNGEditing.chunks(plain).dropFirst()))?.hex,
                          expected)
    }

    func testFilesItCannotVouchForGiveNil() throws {
        let bitmap = try Bitmap(width: 5, height: 5, fill: Color(red: 1, green: 2, blue: 3, alpha: 255))
        let png = try PNGCodec.encode(bitmap)
        XCTAssertNil(PNGCodec.imageChunksDigest(of: []))
        XCTAssertNil(PNGCodec.imageChunksDigest(of: Array(png.prefix(png.count - 12))), "no IEND")
        XCTAssertNil(PNGCodec.imageChunksDigest(of: Array(png.prefix(40))), "a chunk overruns the file")
        var notPNG = png
        notPNG[1] = UInt8(ascii: "Q")
        XCTAssertNil(PNGCodec.imageChunksDigest(of: notPNG))
        // A text chunk between two IDAT chunks.
        var chunks = PNGEditing.chunks(png)
        let idat = try XCTUnwrap(chunks.firstIndex { $0.type == "IDAT" })
        let data = chunks[idat].data
        chunks.replaceSubrange(idat...idat, with: [PNGEditing.Chunk(type: "IDAT", data: Array(data.prefix(4))),
                                                   PNGEditing.Chunk(type: "tEXt", data: Array("k\0v".utf8)),
                                                   PNGEditing.Chunk(type: "IDAT", data: Array(data.dropFirst(4)))])
        XCTAssertNil(PNGCodec.imageChunksDigest(of: PNGEditing.file(chunks)))
        // Split IDAT alone is fine (other bytes, other digest).
        chunks.remove(at: idat + 1)
        XCTAssertNotNil(PNGCodec.imageChunksDigest(of: PNGEditing.file(chunks)))
        XCTAssertNotEqual(PNGCodec.imageChunksDigest(of: PNGEditing.file(chunks)), PNGCodec.imageChunksDigest(of: png))
    }
}
