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
    /// variable font), as `CTFontManagerRegisterFontsForURL(url, .process, …)`.
    /// - Returns: the faces registered, as `fc-query` lists them.
    /// - Throws: `FontRegistrationError.fileNotFound` / `.notAFile` / `.notReadable` / `.notARegularFile` (a FIFO,
    ///   a device, a socket: refused without blocking) / `.notAFont`.
    @discardableResult
    public static func register(fileAt url: URL) throws(FontRegistrationError) -> [FaceInfo] {
        try FontconfigResolver.shared.register(path: url.path)
    }

    /// Registers the font files (`fontExtensions`, any case) directly in a folder, in name order; other files and
    /// subfolders are left alone (fonts shipped beside a licence or a README).
    /// - Returns: the faces registered.
    /// - Throws: `FontRegistrationError.folderNotFound` when there is no such folder, `.noFonts` when it holds no
    ///   font file, or the first file's error (`.notAFont`, `.notARegularFile` for a FIFO named like a font …);
    ///   nothing is registered from a folder that throws.
    @discardableResult
    public static func register(folder url: URL) throws(FontRegistrationError) -> [FaceInfo] {
        let path = url.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw .folderNotFound(path: path)
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
            .filter { fontExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
        guard !names.isEmpty else { throw .noFonts(folder: path) }
        let files = names.map { path.hasSuffix("/") ? path + $0 : path + "/" + $0 }
        // Every file checked before any is registered: a folder with one broken file registers nothing.
        for file in files { try FontconfigResolver.shared.checkFont(path: file) }
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

    func register(path: String) throws(FontRegistrationError) -> [FaceInfo] {
        try checkFont(path: path)
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
