import Imaging
import XCTest

/// The documented decoding rule on hand-built files with exact sample values.
final class DecodingRuleTests: XCTestCase {
    private func rgba(_ bitmap: Bitmap) -> [String] {
        (0..<(bitmap.width * bitmap.height)).map { bitmap[$0 % bitmap.width, $0 / bitmap.width].hexString }
    }

    func testSixteenBitSamplesKeepTheHighByte() throws {
        // 0x12FF would round to 0x13; the rule keeps 0x12. 0xFF00 → 0xFF, 0x0080 → 0x00.
        let samples: [UInt16] = [0x12FF, 0xFF00, 0x0080, 0xFFFF]
        let png = PNGBuilder.png(width: 4, height: 1, bitDepth: 16, colorType: 0,
                                 rows: [samples.flatMap(PNGBuilder.be16)])
        XCTAssertEqual(rgba(try PNGCodec.decode(png)), ["#121212FF", "#FFFFFFFF", "#000000FF", "#FFFFFFFF"])
    }

    func testSixteenBitRGBAKeepsHighBytesAndStraightAlpha() throws {
        let pixel: [UInt16] = [0xABFF, 0x01FE, 0x7F80, 0x00FF]  // alpha 0x00FF → 0: colour still kept
        let png = PNGBuilder.png(width: 1, height: 1, bitDepth: 16, colorType: 6, rows: [pixel.flatMap(PNGBuilder.be16)])
        XCTAssertEqual(rgba(try PNGCodec.decode(png)), ["#AB017F00"])
    }

    func testSixteenBitTRNSMatchesAllSixteenBits() throws {
        // tRNS = (0xFFFF, 0x0000, 0x1234): only the exact 16-bit colour is transparent, not 0xFFFE,0x00,0x12xx.
        let trns = PNGBuilder.chunk("tRNS", [0xFF, 0xFF, 0x00, 0x00, 0x12, 0x34])
        let pixels: [[UInt16]] = [[0xFFFF, 0x0000, 0x1234], [0xFFFE, 0x0000, 0x1234], [0xFFFF, 0x0000, 0x1235]]
        let png = PNGBuilder.png(width: 3, height: 1, bitDepth: 16, colorType: 2,
                                 rows: [pixels.flatMap { $0.flatMap(PNGBuilder.be16) }], before: [trns])
        XCTAssertEqual(rgba(try PNGCodec.decode(png)), ["#FF001200", "#FF0012FF", "#FF0012FF"])
    }

    func testLowBitDepthGreyScalesByReplicationAndMatchesTRNSAtItsDepth() throws {
        // 2-bit samples 0,1,2,3 → 0x00, 0x55, 0xAA, 0xFF; tRNS grey = 1 makes 0x55 transparent.
        let trns = PNGBuilder.chunk("tRNS", [0x00, 0x01])
        let png = PNGBuilder.png(width: 4, height: 1, bitDepth: 2, colorType: 0, rows: [[0b00_01_10_11]], before: [trns])
        XCTAssertEqual(rgba(try PNGCodec.decode(png)), ["#000000FF", "#55555500", "#AAAAAAFF", "#FFFFFFFF"])
    }

    func testPaletteWithShortTRNS() throws {
        let plte = PNGBuilder.chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255])
        let trns = PNGBuilder.chunk("tRNS", [0, 128])  // entry 2 not listed → opaque
        let png = PNGBuilder.png(width: 3, height: 1, bitDepth: 8, colorType: 3, rows: [[0, 1, 2]], before: [plte, trns])
        XCTAssertEqual(rgba(try PNGCodec.decode(png)), ["#FF000000", "#00FF0080", "#0000FFFF"])
    }

    func testGreyAlphaExpandsToRGBA() throws {
        let png = PNGBuilder.png(width: 2, height: 1, bitDepth: 8, colorType: 4, rows: [[0x40, 0x00, 0xC0, 0x80]])
        XCTAssertEqual(rgba(try PNGCodec.decode(png)), ["#40404000", "#C0C0C080"])
    }

    /// Colour chunks never change the samples: the decoder is not colour-managed.
    func testGammaChromaticityAndICCAreIgnored() throws {
        let rows: [[UInt8]] = [[0x80, 0x40, 0x20, 0x10, 0x20, 0x30]]
        let plain = try PNGCodec.decode(PNGBuilder.png(width: 2, height: 1, bitDepth: 8, colorType: 2, rows: rows))
        XCTAssertEqual(rgba(plain), ["#804020FF", "#102030FF"])
        let colourChunks: [[[UInt8]]] = [
            [PNGBuilder.chunk("gAMA", PNGBuilder.be32(100_000))],  // gamma 1.0
            [PNGBuilder.chunk("gAMA", PNGBuilder.be32(25_000))],   // gamma 0.25
            [PNGBuilder.chunk("sRGB", [0])],
            [PNGBuilder.chunk("cHRM", (0..<8).flatMap { _ in PNGBuilder.be32(30_000) })],
            [PNGBuilder.chunk("iCCP", Array("junk".utf8) + [0, 0] + [1, 2, 3])],  // not even valid zlib
            [PNGBuilder.chunk("bKGD", [0, 255, 0, 255, 0, 255])],
            [PNGBuilder.chunk("sBIT", [4, 4, 4])],
        ]
        for chunks in colourChunks {
            let png = PNGBuilder.png(width: 2, height: 1, bitDepth: 8, colorType: 2, rows: rows, before: chunks)
            XCTAssertEqual(try PNGCodec.decode(png), plain)
        }
    }

    func testAncillaryChunkWithBadCRCIsCorrupt() throws {
        var text = PNGBuilder.chunk("tEXt", Array("Comment\u{0}hi".utf8))
        text[text.count - 1] ^= 0x01
        let png = PNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [[7]], before: [text])
        guard case .corrupt(let message)? = expectPNGError("", { try PNGCodec.decode(png) }) else {
            return XCTFail("expected .corrupt")
        }
        XCTAssertTrue(message.contains("CRC"), message)
    }

    func testBytesAfterIENDAreIgnored() throws {
        let png = PNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [[7]]) + Array("trailing".utf8)
        XCTAssertEqual(rgba(try PNGCodec.decode(png)), ["#070707FF"])
    }
}
