import Support
import TestSupport
import XCTest

/// `XXH128Digest` / `XXH128Hasher` (libxxhash's XXH3-128, the pixel digest of references) against the
/// reference implementation's command, `xxhsum -H2`, and its canonical printing.
final class XXH128DigestTests: XCTestCase {
    func testDigestsMatchXxhsum() throws {
        // Printed by `printf '' | xxhsum -H2` and `printf abc | xxhsum -H2` (xxHash 0.8.1).
        XCTAssertEqual(XXH128Digest.of([]).hex, "99aa06d3014798d86001c324468d497f")
        XCTAssertEqual(XXH128Digest.of(Array("abc".utf8)).hex, "06b05ab6733a618578af5f94892f3950")
        // Each of XXH3's input-length paths (0–16, 17–128, 129–240 bytes, and the striped loop beyond,
        // with a partial last stripe and block), against the command.
        for count in [1, 3, 9, 16, 17, 100, 128, 129, 240, 241, 1_024, 1_025, 111_360, 100_003] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 7) }
            XCTAssertEqual(XXH128Digest.of(bytes).hex, try PNGEditing.xxh128sum(bytes), "\(count) bytes")
        }
    }

    func testTheHasherEqualsTheDigestOfThePiecesJoined() throws {
        let bytes = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
        for cuts in [[0], [12], [1, 240, 241], [63, 64, 65, 1_024, 49_999], [50_000]] {
            guard var hasher = XXH128Hasher() else { return XCTFail("no hasher state (out of memory)") }
            var start = 0
            for cut in cuts + [bytes.count] {
                hasher.update(Array(bytes[start..<cut]))
                start = cut
            }
            let digest = hasher.finalize()
            XCTAssertEqual(digest, XXH128Digest.of(bytes), "\(cuts)")
        }
    }

    func testHexRoundTripsAndRefusesAnythingElse() throws {
        let digest = XXH128Digest.of(Array("LabelSnapshot".utf8))
        XCTAssertEqual(XXH128Digest(hex: digest.hex), digest)
        XCTAssertEqual(XXH128Digest(hex: digest.hex.uppercased()), digest)
        XCTAssertEqual(digest.bytes.count, 16)
        XCTAssertEqual(digest.bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined(),
                       digest.hex)
        XCTAssertNil(XXH128Digest(hex: String(digest.hex.dropLast())))
        XCTAssertNil(XXH128Digest(hex: String(digest.hex.dropLast()) + "g"))
        XCTAssertNil(XXH128Digest(hex: digest.hex + "0"))
        XCTAssertNotEqual(XXH128Digest.of([0]), XXH128Digest.of([1]))
    }
}
