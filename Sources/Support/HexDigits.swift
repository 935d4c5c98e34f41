/// Hexadecimal digits of digests, shared by ``SHA256Digest`` and ``XXH128Digest``: words parsed in place
/// (the pass path reads a stated digest on every assertion, so nothing is allocated) and printed in
/// lower case, big-endian, as `sha256sum` and `xxhsum` print them.
enum HexDigits {
    /// The 64-bit word that the 16 hexadecimal digits (ASCII, either case) at `offset` spell; nil when one
    /// is not a digit. The caller checks that the 16 bytes exist.
    static func word(_ digits: UnsafeRawBufferPointer, at offset: Int) -> UInt64? {
        var value: UInt64 = 0
        for i in offset..<(offset + 16) {
            let c = digits[i]
            let n: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): n = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): n = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): n = c - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt64(n)
        }
        return value
    }

    /// The bytes of `words`, each big-endian, in order.
    static func bytes(_ words: [UInt64]) -> [UInt8] {
        words.flatMap { w in (0..<8).map { UInt8(truncatingIfNeeded: w >> (56 - 8 * $0)) } }
    }

    /// 16 lower-case digits a word, in order.
    static func string(_ words: [UInt64]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: bytes(words).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// The words of `bytes` read big-endian, 8 a word; nil unless there are exactly `8 × count`.
    static func words(_ bytes: some Collection<UInt8>, count: Int) -> [UInt64]? {
        guard bytes.count == 8 * count else { return nil }
        var w = [UInt64](repeating: 0, count: count)
        for (i, b) in bytes.enumerated() { w[i / 8] = w[i / 8] << 8 | UInt64(b) }
        return w
    }
}
