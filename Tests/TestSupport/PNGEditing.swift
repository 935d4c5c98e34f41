import Foundation

/// PNG files taken apart and put together again by the tests that edit references (the pixel-digest
/// tests): written here from the PNG specification (chunk layout §5.3, CRC-32 Annex D, zlib RFC 1950
/// with stored deflate blocks RFC 1951 §3.2.4), independently of PNGCodec and libpng.
public enum PNGEditing {
    public struct Chunk: Equatable {
        public var type: String
        public var data: [UInt8]
        public init(type: String, data: [UInt8]) { self.type = type; self.data = data }
    }

    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunks of a well-formed PNG, in order (CRCs not checked).
    public static func chunks(_ png: [UInt8]) -> [Chunk] {
        var out: [Chunk] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = Int(be32(png, offset))
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            out.append(Chunk(type: type, data: Array(png[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
            if type == "IEND" { break }
        }
        return out
    }

    /// A PNG of `chunks`, each with its correct CRC.
    public static func file(_ chunks: [Chunk]) -> [UInt8] {
        signature + chunks.flatMap(bytes)
    }

    /// One chunk as it sits in a file: length, type, data, CRC-32 of type and data.
    public static func bytes(_ chunk: Chunk) -> [UInt8] {
        let typeAndData = Array(chunk.type.utf8) + chunk.data
        return be32(UInt32(chunk.data.count)) + typeAndData + be32(crc32(typeAndData))
    }

    /// An RGBA8 (colour type 6) PNG of the pixels, every row with filter 1 (Sub), in stored (uncompressed)
    /// deflate blocks: other image chunks than PNGCodec writes for the same pixels, as a PNG optimiser
    /// that re-filters and re-compresses gives.
    public static func rgbaSubFilteredStored(width: Int, height: Int, pixels: [UInt8]) -> [Chunk] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(1)
            for x in 0..<(width * 4) {
                let v = pixels[y * width * 4 + x]
                raw.append(x < 4 ? v : v &- pixels[y * width * 4 + x - 4])
            }
        }
        let zlib = zlibStored(raw)
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [8, 6, 0, 0, 0]
        return [Chunk(type: "IHDR", data: header), Chunk(type: "IDAT", data: zlib), Chunk(type: "IEND", data: [])]
    }

    /// A zlib stream (RFC 1950) of stored (uncompressed) deflate blocks holding `data`.
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(65535, data.count - start)
            out.append(start + n == data.count ? 1 : 0)
            out += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[start..<(start + n)]
            start += n
        } while start < data.count
        return out + be32(adler32(data))
    }

    /// CRC-32 as PNG (Annex D) and zlib compute it.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return ~c
    }

    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for v in bytes { a = (a + UInt32(v)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }

    public static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func be32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// SHA-256 of `bytes` as coreutils' `sha256sum` prints it (an implementation other than libcrypto's).
    public static func sha256sum(_ bytes: [UInt8]) throws -> String {
        try digestTool("/usr/bin/sha256sum", [], bytes)
    }

    /// XXH3-128 of `bytes` as `xxhsum -H2` prints it (apt package `xxhash`, which `make test` installs): the
    /// reference implementation's own command, so expected values do not come from the code under test.
    public static func xxh128sum(_ bytes: [UInt8]) throws -> String {
        try digestTool("/usr/bin/xxhsum", ["-H2"], bytes)
    }

    /// The first word of what the digest command prints for a file holding `bytes`.
    private static func digestTool(_ tool: String, _ options: [String], _ bytes: [UInt8]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw DigestToolMissing(description: "\(tool) is not installed: `make test` installs it (the Makefile's TEST_APT_PACKAGES)")
        }
        let path = NSTemporaryDirectory() + "/labelsnap-digest-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = options + [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    public struct DigestToolMissing: Error, CustomStringConvertible {
        public var description: String
    }
}
