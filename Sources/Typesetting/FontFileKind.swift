import Foundation
import Support

extension FontFile {
    /// What a font path names when it is not a regular file ("a FIFO", "a character device", "a socket" …); nil for
    /// a regular file, a folder, or a path that cannot be opened (each of those has its own error).
    ///
    /// Why: FreeType (`FT_New_Face`) and fontconfig (`FcFreeTypeQuery*`) open a path with a blocking `open(2)`,
    /// which waits forever on a FIFO without a writer. `RegularFile` opens it with `O_NONBLOCK` and decides with
    /// `fstat(2)` before a byte is read. Checked once before a face is first opened or queried, never per glyph.
    package static func specialFileKind(_ path: String) -> String? {
        do {
            let opened = try RegularFile.openForReading(path)
            close(opened.descriptor)
            return nil
        } catch {
            if case .notRegular(let kind) = error.problem { return kind }
            return nil
        }
    }

    /// Throws `TypesettingError.notARegularFile` when `path` is a FIFO, a device or a socket (`specialFileKind`).
    static func checkRegular(_ path: String) throws(TypesettingError) {
        if let kind = specialFileKind(path) { throw .notARegularFile(path: path, kind: kind) }
    }
}
