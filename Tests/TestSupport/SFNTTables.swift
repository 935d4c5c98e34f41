import Foundation

/// A TrueType/OpenType file as its table directory (OpenType spec, "Organization of an OpenType font"), for tests
/// that need a font no package ships: one without a `cmap`, or one renamed so that fontconfig does not know its
/// family. Made at test time from an installed font; nothing is committed.
public struct SFNTTables: Sendable {
    public var sfntVersion: UInt32
    /// The tables by tag, written back in tag order (the spec's recommended directory order).
    public var tables: [String: [UInt8]]

    /// Reads a single-face font file (not a `.ttc` collection).
    public init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        guard bytes.count >= 12, u32(0) != 0x7474_6366 else { throw CocoaError(.fileReadCorruptFile) }
        sfntVersion = UInt32(u32(0))
        tables = [:]
        for i in 0..<u16(4) {
            let record = 12 + 16 * i
            guard record + 16 <= bytes.count else { throw CocoaError(.fileReadCorruptFile) }
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            let offset = u32(record + 8), length = u32(record + 12)
            guard offset + length <= bytes.count else { throw CocoaError(.fileReadCorruptFile) }
            tables[tag] = Array(bytes[offset..<offset + length])
        }
    }

    /// A `name` table (format 0) with Windows Unicode English records only: family (ID 1), subfamily (2), full
    /// name (4) and PostScript name (6), in UTF-16BE; the names fontconfig and `Font(name:size:)` read.
    public mutating func rename(family: String, subfamily: String = "Regular", fullName: String, postScriptName: String) {
        let names = [(1, family), (2, subfamily), (4, fullName), (6, postScriptName)]
        var records: [UInt8] = [], strings: [UInt8] = []
        func put16(_ v: Int, _ out: inout [UInt8]) { out += [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        for (id, text) in names {
            let utf16 = Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            for v in [3, 1, 0x409, id, utf16.count, strings.count] { put16(v, &records) }
            strings += utf16
        }
        var table: [UInt8] = []
        for v in [0, names.count, 6 + records.count] { put16(v, &table) }
        tables["name"] = table + records + strings
    }

    /// The file: table directory, then each table padded to four bytes, with its checksum.
    public func data() -> Data {
        let tags = tables.keys.sorted()
        var out: [UInt8] = []
        func put16(_ v: Int) { out += [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func put32(_ v: Int) { put16(v >> 16 & 0xFFFF); put16(v & 0xFFFF) }
        var power = 1, log2 = 0
        while power * 2 <= tags.count { power *= 2; log2 += 1 }
        put32(Int(sfntVersion)); put16(tags.count); put16(power * 16); put16(log2); put16(tags.count * 16 - power * 16)
        var offset = 12 + 16 * tags.count
        var body: [UInt8] = []
        for tag in tags {
            let table = tables[tag]!
            let padded = table + [UInt8](repeating: 0, count: (4 - table.count % 4) % 4)
            var sum: UInt32 = 0
            for i in stride(from: 0, to: padded.count, by: 4) {
                sum &+= UInt32(padded[i]) << 24 | UInt32(padded[i + 1]) << 16 | UInt32(padded[i + 2]) << 8 | UInt32(padded[i + 3])
            }
            out += Array(tag.utf8); put32(Int(sum)); put32(offset); put32(table.count)
            body += padded
            offset += padded.count
        }
        return Data(out + body)
    }

    /// Writes the tables to `path`.
    public func write(to path: String) throws {
        try data().write(to: URL(fileURLWithPath: path))
    }
}
