import CFreeType
import Foundation

/// The underline (`post`) and strikeout (`OS/2`) values of a font file, read as raw table bytes (big-endian
/// int16 at the offsets the OpenType spec gives: `post` 8 and 10, `OS/2` 26 and 28), font units.
public struct DecorationTables: Sendable {
    /// `post.underlinePosition` (top of the underline, y up) and `post.underlineThickness`.
    public let underlinePosition: Int, underlineThickness: Int
    /// `OS/2.yStrikeoutPosition` (top of the stroke) and `OS/2.yStrikeoutSize`.
    public let strikeoutPosition: Int, strikeoutSize: Int
    public let upem: Int

    public init(path: String) throws {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw CocoaError(.fileReadUnknown) }
        defer { FT_Done_FreeType(lib) }
        var face: FT_Face?
        guard FT_New_Face(lib, path, 0, &face) == 0, let face else { throw CocoaError(.fileReadNoSuchFile) }
        defer { FT_Done_Face(face) }
        upem = Int(face.pointee.units_per_EM)
        func table(_ tag: String) throws -> [UInt8] {
            let t = tag.utf8.reduce(UInt(0)) { $0 << 8 | UInt($1) }
            var length: FT_ULong = 0
            guard FT_Load_Sfnt_Table(face, t, 0, nil, &length) == 0, length > 0 else { throw CocoaError(.fileReadCorruptFile) }
            var bytes = [UInt8](repeating: 0, count: Int(length))
            guard FT_Load_Sfnt_Table(face, t, 0, &bytes, &length) == 0 else { throw CocoaError(.fileReadCorruptFile) }
            return bytes
        }
        func int16(_ b: [UInt8], _ at: Int) -> Int { Int(Int16(bitPattern: UInt16(b[at]) << 8 | UInt16(b[at + 1]))) }
        let post = try table("post"), os2 = try table("OS/2")
        underlinePosition = int16(post, 8); underlineThickness = int16(post, 10)
        strikeoutSize = int16(os2, 26); strikeoutPosition = int16(os2, 28)
    }
}
