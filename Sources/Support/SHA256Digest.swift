import CCrypto

/// A SHA-256 digest (FIPS 180-4), 32 bytes, computed by OpenSSL's libcrypto (which uses the CPU's SHA
/// instructions where there are any, so hashing costs the same in debug and release builds).
///
/// Used where the project must know that two byte strings are equal without keeping or comparing
/// both: the image-chunks digest of a reference (docs/snapshots.md, "the pixel-digest rule"), a long label
/// text in the provenance. A collision-resistant digest, not a checksum: no
/// accidental edit and no PNG tool can produce another input with the same digest. (The pixels, hashed on
/// every pass, take the faster ``XXH128Digest``.)
package struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
    /// The digest as four big-endian 64-bit words (no heap storage; `==` is four compares).
    private let words: (UInt64, UInt64, UInt64, UInt64)

    /// The 32 digest bytes, in order.
    package var bytes: [UInt8] { HexDigits.bytes([words.0, words.1, words.2, words.3]) }

    /// 64 lower-case hexadecimal digits, as `sha256sum` prints them.
    package var hex: String { HexDigits.string([words.0, words.1, words.2, words.3]) }

    package var description: String { hex }

    /// The digest of 32 bytes given in order; nil for another count.
    package init?(bytes: some Collection<UInt8>) {
        guard let w = HexDigits.words(bytes, count: 4) else { return nil }
        words = (w[0], w[1], w[2], w[3])
    }

    /// Parses 64 hexadecimal digits (either case); nil for anything else.
    package init?(hex: some StringProtocol) {
        let utf8 = Array(hex.utf8)
        guard let digest = utf8.withUnsafeBytes({ SHA256Digest(hexDigits: $0) }) else { return nil }
        self = digest
    }

    /// Parses 64 hexadecimal digits (ASCII, either case) in memory; nil for anything else.
    package init?(hexDigits: UnsafeRawBufferPointer) {
        guard hexDigits.count == 64, let w0 = HexDigits.word(hexDigits, at: 0), let w1 = HexDigits.word(hexDigits, at: 16),
              let w2 = HexDigits.word(hexDigits, at: 32), let w3 = HexDigits.word(hexDigits, at: 48) else { return nil }
        words = (w0, w1, w2, w3)
    }

    package static func == (a: SHA256Digest, b: SHA256Digest) -> Bool {
        a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(words.0); hasher.combine(words.1); hasher.combine(words.2); hasher.combine(words.3)
    }

    /// The digest of `bytes`; nil only when libcrypto fails (out of memory).
    package static func of(_ bytes: [UInt8]) -> SHA256Digest? {
        guard var hasher = SHA256Hasher() else { return nil }
        hasher.update(bytes)
        return hasher.finalize()
    }
}

/// SHA-256 over several pieces of memory in turn (libcrypto's `EVP_Digest*`): the digest equals
/// `SHA256Digest.of` of the pieces joined, without joining them.
package struct SHA256Hasher: ~Copyable {
    private let context: OpaquePointer
    private var failed = false

    /// A fresh hasher; nil when libcrypto cannot make one (out of memory, or no SHA-256 provider).
    package init?() {
        guard let algorithm = sha256Algorithm, let context = EVP_MD_CTX_new() else { return nil }
        guard EVP_DigestInit_ex(context, algorithm, nil) == 1 else {
            EVP_MD_CTX_free(context)
            return nil
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0, let base = bytes.baseAddress else { return }
        if EVP_DigestUpdate(context, base, bytes.count) != 1 { failed = true }
    }

    /// Adds `bytes` to the message.
    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest of everything added; nil when libcrypto failed on the way.
    package consuming func finalize() -> SHA256Digest? {
        guard !failed else { return nil }
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &out, &length) == 1, length == 32 else { return nil }
        return SHA256Digest(bytes: out.prefix(32))
    }
}

/// libcrypto's SHA-256 implementation, fetched once per process (an implicit fetch per hasher costs a
/// provider lookup each time). Never freed: it lives as long as the process.
nonisolated(unsafe) private let sha256Algorithm: OpaquePointer? = EVP_MD_fetch(nil, "SHA2-256", nil)
