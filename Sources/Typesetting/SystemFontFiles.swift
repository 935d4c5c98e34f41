import Foundation

extension SystemFont {
    /// Why `LABELSNAP_SYSTEM_FONT`'s files cannot draw the system font, in words (after "LABELSNAP_SYSTEM_FONT=…: ").
    struct FilesProblem: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }

    /// The faces of font files and of the font files in folders (not recursive), in the order given, folders' files
    /// sorted by name. A folder's other files (a README, a licence) are left alone; anything else that cannot be
    /// drawn is refused, each case in its own words: a path that does not exist, no permission, a file named
    /// explicitly (or a font file in a folder) FreeType cannot open, a folder with no font file.
    /// - Throws: `FilesProblem`.
    static func faces(inFiles paths: [String]) throws(FilesProblem) -> [FaceInfo] {
        var faces: [FaceInfo] = []
        for path in paths {
            var st = stat()
            guard stat(path, &st) == 0 else {
                throw FilesProblem(errno == EACCES ? "\(path) cannot be reached: permission denied on a folder of its path"
                                                   : "no file or folder at \(path): check the path")
            }
            guard st.st_mode & S_IFMT == S_IFDIR else {
                faces += try fileFaces(path)
                continue
            }
            guard access(path, R_OK | X_OK) == 0, let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
                throw FilesProblem("the folder \(path) cannot be read: check its permissions (chmod a+rx)")
            }
            let folder = path.hasSuffix("/") ? path : path + "/"
            var fonts = 0
            for name in names.sorted() where FontRegistry.fontExtensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased()) {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder + name, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                faces += try fileFaces(folder + name)
                fonts += 1
            }
            guard fonts > 0 else {
                throw FilesProblem("the folder \(path) holds no font file (.ttf, .otf, .ttc, .otc; its subfolders are not read): "
                    + "give the folder the fonts are in, or the files")
            }
        }
        return faces
    }

    /// Every face of one font file.
    private static func fileFaces(_ path: String) throws(FilesProblem) -> [FaceInfo] {
        guard access(path, R_OK) == 0 else { throw FilesProblem("the font file \(path) cannot be read: check its permissions (chmod a+r)") }
        if let kind = FontFile.specialFileKind(path) {
            throw FilesProblem("\(path) is \(kind), not a regular file: nothing was read from it; give font files (.ttf, .otf, .ttc, .otc)")
        }
        let faces = FontconfigResolver.shared.queryAll(path: path)
        guard !faces.isEmpty else {
            throw FilesProblem("\(path) is not a font FreeType can open: give TrueType or OpenType files (.ttf, .otf) or collections "
                + "(.ttc, .otc); a WOFF/WOFF2 web font must be decompressed first")
        }
        return faces
    }
}
