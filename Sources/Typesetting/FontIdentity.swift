import Support
import CFreeType
import CHarfBuzz
import CICU
import Foundation

/// What identifies a font file's contents, beyond its name: from its `head` table the checksum
/// adjustment (changes with any byte of the file) and the font revision, and the `name` table's
/// version string (name ID 5). Two machines that draw a label differently often differ here.
package struct FontIdentity: Equatable, Sendable {
    /// The file's name (`NotoSansCJK-Regular.ttc`), without its folder: folders differ between machines.
    package var fileName: String
    package var faceIndex: Int
    /// `head.checkSumAdjustment`, 8 hex digits.
    package var checksumAdjustment: String
    /// `head.fontRevision` (16.16 fixed) to 3 decimals, as font tools print it (`2.004`).
    package var revision: String
    /// Name ID 5 (`Version 2.004;hotconv 1.0.118;…`), empty when the font has none.
    package var versionString: String

    /// Reads the identity of `file` with its own FreeType face (thread-safe; results cached per file).
    /// - Throws: `TypesettingError.fontNotFound` / `.unreadableFont`.
    package static func of(_ file: FontFile) throws -> FontIdentity {
        if let cached = cache.withLock({ $0[file] }) { return cached }
        try FontFile.checkRegular(file.path)
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw TypesettingError.freeTypeFailure("initialise", 0) }
        defer { FT_Done_FreeType(lib) }
        var face: FT_Face?
        let error = FT_New_Face(lib, file.path, FT_Long(file.faceIndex), &face)
        guard error == 0, let face else {
            throw FileManager.default.fileExists(atPath: file.path)
                ? TypesettingError.unreadableFont(path: file.path, faceIndex: file.faceIndex, freeTypeError: error)
                : TypesettingError.fontNotFound(path: file.path, package: FontFile.debianPackage(for: file.path))
        }
        defer { FT_Done_Face(face) }
        var checksum = "", revision = ""
        if let raw = FT_Get_Sfnt_Table(face, FT_SFNT_HEAD) {
            let head = raw.assumingMemoryBound(to: TT_Header.self).pointee
            checksum = String(format: "%08x", UInt32(truncatingIfNeeded: head.CheckSum_Adjust))
            revision = String(format: "%.3f", Double(head.Font_Revision) / 65536)
        }
        let identity = FontIdentity(fileName: URL(fileURLWithPath: file.path).lastPathComponent, faceIndex: file.faceIndex,
                                    checksumAdjustment: checksum, revision: revision, versionString: versionString(face))
        cache.withLock { $0[file] = identity }
        return identity
    }

    /// Name ID 5, preferring the Windows Unicode record (UTF-16BE), else a Mac Roman one.
    private static func versionString(_ face: FT_Face) -> String {
        var best: String?
        for i in 0..<FT_Get_Sfnt_Name_Count(face) {
            var name = FT_SfntName()
            guard FT_Get_Sfnt_Name(face, i, &name) == 0, name.name_id == 5, let bytes = name.string else { continue }
            let data = Array(UnsafeBufferPointer(start: bytes, count: Int(name.string_len)))
            if name.platform_id == 3 || name.platform_id == 0 {
                let units = stride(from: 0, to: data.count - 1, by: 2).map { UInt16(data[$0]) << 8 | UInt16(data[$0 + 1]) }
                return String(decoding: units, as: UTF16.self)
            }
            if best == nil { best = String(decoding: data.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self) }
        }
        return best ?? ""
    }

    private static let cache = Locked<[FontFile: FontIdentity]>([:])
}

/// Versions of the text libraries linked at run time.
package enum TextLibraryVersions {
    /// FreeType's `FT_Library_Version` (`2.12.1`).
    package static var freeType: String {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return "?" }
        defer { FT_Done_FreeType(lib) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(lib, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// `hb_version_string()` (`6.0.0`).
    package static var harfBuzz: String { String(cString: hb_version_string()) }

    /// ICU's `u_getVersion` (`72.1`).
    package static var icu: String {
        var buffer = [CChar](repeating: 0, count: 32)
        lsicu_version(&buffer, Int32(buffer.count))
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
