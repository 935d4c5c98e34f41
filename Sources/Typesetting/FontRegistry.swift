import CFontconfig
import Foundation

/// Fonts registered by the process, as `CTFontManagerRegisterFontsForURL` with the process scope: once registered,
/// a file's faces are found by `Font(name:size:)`, `Font(family:size:weight:italic:)`, `Font(family:size:)` and
/// `withWeight(_:)` alongside the installed fonts (fontconfig's application fonts, `FcConfigAppFontAddFile`).
/// Registration lasts for the life of the process; registering a file again does nothing more.
public enum FontRegistry {
    /// File extensions read as fonts in a folder: TrueType, OpenType and their collections.
    public static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    /// Registers every face of a font file (each face of a `.ttc`/`.otc` collection, each named instance of a
    /// variable font), as `CTFontManagerRegisterFontsForURL(url, .process, …)`. A face whose PostScript name a
    /// registered face of another file already has (`Foo-SemiBold.otf` beside `Foo-SemiBold.ttf`) is refused:
    /// `Font(name:size:)` would pick one by registration order. Not refused: the same file or a byte-identical
    /// copy again, and an upright and an italic face of one name (the variable fonts' instances, as Debian's Inter
    /// roman and italic files name them), of which `Font(name:size:)` takes the upright one.
    /// - Returns: the faces registered, as `fc-query` lists them.
    /// - Throws: `FontRegistrationError.fileNotFound` / `.notAFile` / `.notReadable` / `.notARegularFile` (a FIFO,
    ///   a device, a socket: refused without blocking) / `.notAFont` / `.duplicatePostScriptName`.
    @discardableResult
    public static func register(fileAt url: URL) throws(FontRegistrationError) -> [FaceInfo] {
        try FontconfigResolver.shared.register(path: url.path)
    }

    /// Registers the font files (`fontExtensions`, any case) directly in a folder, in name order; other files and
    /// subfolders are left alone (fonts shipped beside a licence or a README, a folder named `old.ttf`).
    /// - Returns: the faces registered.
    /// - Throws: `FontRegistrationError.folderNotFound` when there is no such folder, `.noFonts` when it holds no
    ///   font file, or `.inFolder` with the first file's error (`.notAFont`, `.notARegularFile` for a FIFO named
    ///   like a font, `.duplicatePostScriptName` for two files of one name …): nothing is registered from a
    ///   folder that throws.
    @discardableResult
    public static func register(folder url: URL) throws(FontRegistrationError) -> [FaceInfo] {
        let path = url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .folderNotFound(path: path)
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            .filter { fontExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            .map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
            .filter { var isFolder: ObjCBool = false; return !(FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue) }
        guard !files.isEmpty else { throw .noFonts(folder: path) }
        // Every file checked before any is registered: a folder with one broken file registers nothing.
        do throws(FontRegistrationError) {
            var named: [String: String] = [:]   // PostScript name → the folder's file that has it
            for file in files {
                try FontconfigResolver.shared.checkFont(path: file)
                for face in FontconfigResolver.shared.queryAll(path: file) where !face.postScriptName.isEmpty {
                    let key = "\(face.isItalic) \(face.postScriptName)"
                    if let other = named[key], other != file, !FileManager.default.contentsEqual(atPath: other, andPath: file) {
                        throw .duplicatePostScriptName(name: face.postScriptName, path: file, registered: other)
                    }
                    named[key] = file
                }
                try FontconfigResolver.shared.checkNamesAreNew(path: file)
            }
        } catch { throw .inFolder(folder: path, error) }
        var faces: [FaceInfo] = []
        for file in files { faces += try FontconfigResolver.shared.register(path: file) }
        return faces
    }

    /// The faces registered so far, in registration order.
    public static var registeredFaces: [FaceInfo] { FontconfigResolver.shared.registeredFaces() }
}

/// Why a font file or folder could not be registered. Each says what to do.
public enum FontRegistrationError: Error, CustomStringConvertible, Equatable, Sendable {
    case fileNotFound(path: String)
    /// A folder (or another non-file) given to `register(fileAt:)`.
    case notAFile(path: String)
    case notReadable(path: String)
    /// A FIFO, a device or a socket (`kind`: "a FIFO" …), refused before fontconfig opens it (it would wait on a
    /// FIFO); in a folder given to `register(folder:)` it is refused by name, as any other unreadable font file.
    case notARegularFile(path: String, kind: String)
    /// FreeType (through fontconfig) reads no face from the file.
    case notAFont(path: String)
    case folderNotFound(path: String)
    /// A folder without `.ttf`, `.otf`, `.ttc` or `.otc` files.
    case noFonts(folder: String)
    /// A face of `path` has the PostScript name `name` of a face of `registered`, another file (registered, or
    /// beside it in a folder being registered) with other bytes.
    case duplicatePostScriptName(name: String, path: String, registered: String)
    /// A file of the folder given to `register(folder:)` is refused (`reason`), so none of its fonts was registered.
    indirect case inFolder(folder: String, FontRegistrationError)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "no font file at \(path): check the path (relative paths start at the working folder)"
        case .notAFile(let path):
            return "\(path) is not a file: to register every font in a folder use FontRegistry.register(folder:) (labelsnap render --register FOLDER)"
        case .notReadable(let path):
            return "font file \(path) cannot be read: check its permissions (chmod a+r)"
        case .notARegularFile(let path, let kind):
            return "font file \(path) is \(kind), not a regular file: nothing was read from it; register font files (.ttf, .otf, .ttc, .otc)"
        case .notAFont(let path):
            return "\(path) is not a font FreeType can read: register TrueType or OpenType files (.ttf, .otf) or collections (.ttc, .otc); a WOFF/WOFF2 web font must be decompressed first"
        case .folderNotFound(let path):
            return "no folder at \(path): check the path"
        case .noFonts(let folder):
            return "no font files (.ttf, .otf, .ttc, .otc) directly in \(folder): fonts in subfolders are not registered; name the subfolder"
        case .duplicatePostScriptName(let name, let path, let registered):
            return "\(path) and \(registered) both have a face with the PostScript name \"\(name)\", so a font by that name could be "
                + "either: register only one of them (move the other out of the folder)"
        case .inFolder(let folder, let reason):
            return "\(reason); none of the fonts in \(folder) was registered"
        }
    }
}

extension FontconfigResolver {
    /// Throws unless `path` is a readable regular file FreeType reads a face from.
    func checkFont(path: String) throws(FontRegistrationError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .fileNotFound(path: path) }
        guard !isFolder.boolValue else { throw .notAFile(path: path) }
        if let kind = FontFile.specialFileKind(path) { throw .notARegularFile(path: path, kind: kind) }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .notReadable(path: path) }
        guard !queryAll(path: path).isEmpty else { throw .notAFont(path: path) }
    }

    /// Throws `.duplicatePostScriptName` when a face of `path` has the PostScript name and slant of a registered
    /// face of another file with other bytes (a byte-identical copy draws the same glyphs, whichever is found).
    func checkNamesAreNew(path: String) throws(FontRegistrationError) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let registered = state.withLock { $0.registered.contains(absolute) ? [] : $0.registeredFaceList }
        for face in queryAll(path: path) where !face.postScriptName.isEmpty {
            for other in registered where other.postScriptName == face.postScriptName && other.isItalic == face.isItalic
                && other.file.path != absolute {
                if !FileManager.default.contentsEqual(atPath: other.file.path, andPath: absolute) {
                    throw .duplicatePostScriptName(name: face.postScriptName, path: path, registered: other.file.path)
                }
            }
        }
    }

    func register(path: String) throws(FontRegistrationError) -> [FaceInfo] {
        try checkFont(path: path)
        try checkNamesAreNew(path: path)
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let faces = queryAll(path: absolute)
        let added = state.withLock { listings in
            if listings.registered.contains(absolute) { return true }
            guard FcInit() != 0, FcConfigAppFontAddFile(nil, absolute) != 0 else { return false }
            listings.registered.append(absolute)
            listings.registeredFaceList += faces
            // What fontconfig lists has changed: families and names are looked up again.
            listings.resetListings()
            return true
        }
        guard added else { throw .notAFont(path: path) }
        return faces
    }

    func registeredFaces() -> [FaceInfo] {
        state.withLock { $0.registeredFaceList }
    }
}
