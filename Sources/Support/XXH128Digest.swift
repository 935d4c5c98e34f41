import CXXHash

/// An XXH3-128 digest (xxHash's 128-bit XXH3, seed 0, as `xxhsum -H2` prints it), computed by Debian's
/// libxxhash: about 10 times faster than SHA-256 with the CPU's SHA instructions, and compiled C, so it
/// costs the same in debug and release builds.
///
/// The pixel digest of a reference (docs/snapshots.md, "the pixel-digest rule"): it tells pixels that a
/// renderer or a tool changed from the recorded ones (a difference that nobody made to collide is missed
/// with a probability of about 2⁻¹²⁸). It is not collision-resistant against someone who builds inputs to
/// collide; the pass path does not defend against forged references (docs/snapshots.md), and it trusts a pixel
/// digest only while the file's image chunks still have the digest stated beside it.
package struct XXH128Digest: Hashable, Sendable, CustomStringConvertible {
    /// The high and the low 64 bits (`XXH128_hash_t`'s `high64`, `low64`).
    package let high: UInt64, low: UInt64

    package init(high: UInt64, low: UInt64) { self.high = high; self.low = low }

    /// The 16 bytes of the canonical form (`XXH128_canonicalFromHash`: high, then low, each big-endian).
    package var bytes: [UInt8] { HexDigits.bytes([high, low]) }

    /// 32 lower-case hexadecimal digits, as `xxhsum -H2` prints them.
    package var hex: String { HexDigits.string([high, low]) }

    package var description: String { hex }

    /// Parses 32 hexadecimal digits (either case); nil for anything else.
    package init?(hex: some StringProtocol) {
        let utf8 = Array(hex.utf8)
        guard let digest = utf8.withUnsafeBytes({ XXH128Digest(hexDigits: $0) }) else { return nil }
        self = digest
    }

    /// Parses 32 hexadecimal digits (ASCII, either case) in memory; nil for anything else.
    package init?(hexDigits: UnsafeRawBufferPointer) {
        guard hexDigits.count == 32, let high = HexDigits.word(hexDigits, at: 0),
              let low = HexDigits.word(hexDigits, at: 16) else { return nil }
        self.init(high: high, low: low)
    }

    /// The digest of `bytes` (`XXH3_128bits`, one call).
    package static func of(_ bytes: UnsafeRawBufferPointer) -> XXH128Digest {
        let h = XXH3_128bits(bytes.baseAddress, bytes.count)
        return XXH128Digest(high: h.high64, low: h.low64)
    }

    /// The digest of `bytes`.
    package static func of(_ bytes: [UInt8]) -> XXH128Digest {
        bytes.withUnsafeBytes { of($0) }
    }
}

/// XXH3-128 over several pieces of memory in turn (`XXH3_128bits_update`): the digest equals
/// `XXH128Digest.of` of the pieces joined, without joining them.
package struct XXH128Hasher: ~Copyable {
    private let state: OpaquePointer
    private var failed = false

    /// A fresh hasher; nil when its state cannot be allocated (out of memory).
    package init?() {
        guard let state = XXH3_createState() else { return nil }
        guard XXH3_128bits_reset(state) == XXH_OK else {
            XXH3_freeState(state)
            return nil
        }
        self.state = state
    }

    deinit { XXH3_freeState(state) }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0, let base = bytes.baseAddress else { return }
        if XXH3_128bits_update(state, base, bytes.count) != XXH_OK { failed = true }
    }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest of everything added; nil when an update failed.
    package consuming func finalize() -> XXH128Digest? {
        guard !failed else { return nil }
        let h = XXH3_128bits_digest(state)
        return XXH128Digest(high: h.high64, low: h.low64)
    }
}
