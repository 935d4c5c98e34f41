import Foundation
import Support

/// Reads an app's strings from what Xcode keeps them in: a String Catalog (`.xcstrings`), a single
/// `.strings` or `.stringsdict` inside an `*.lproj` folder, or a folder searched for both kinds.
extension StringTable {
    /// Reads `path`: an `.xcstrings` file, an `.strings`/`.stringsdict` file in an `xx.lproj` folder, or a
    /// folder (searched recursively, hidden folders and `.build` skipped) holding `*.xcstrings` and
    /// `*.lproj/*.strings|*.stringsdict`. Keys of tables other than `Localizable` are named `Table:key`.
    /// Where a key has both, the `.stringsdict` entry wins (as `NSLocalizedString` does). `Base.lproj` is skipped
    /// (it holds interface files, not a language).
    /// - Throws: `StringResourceError` for the first unreadable or malformed file, an unknown locale, or
    ///   a folder with no string files.
    public static func read(path: String) throws -> StringTable {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw StringResourceError(file: path, line: nil, unreachableReason(path) ?? "no such file or folder")
        }
        if !isDirectory.boolValue {
            let ext = (path as NSString).pathExtension
            switch ext {
            case "xcstrings": return try StringCatalogReader.read(path: path)
            case "strings", "stringsdict":
                let locale = try lprojLocale(of: path)
                return StringTable(sourceLanguage: locale, strings: try readLproj(files: [path], locale: locale))
            default:
                throw StringResourceError(file: path, line: nil, "not a string file (.xcstrings, .strings, .stringsdict or a folder of *.lproj)")
            }
        }
        var catalogs: [String] = [], lprojs: [String: [String]] = [:]
        var visited = Set<[UInt64]>()
        if let id = folderIdentity(path) { visited.insert(id) }
        try collect(path, catalogs: &catalogs, lprojs: &lprojs, visited: &visited)
        guard !catalogs.isEmpty || !lprojs.isEmpty else {
            throw StringResourceError(file: path, line: nil, "no .xcstrings and no *.lproj/*.strings in this folder")
        }
        var strings: [LocalizedString] = []
        var sources: [String] = []
        for catalog in catalogs.sorted() {
            let table = try StringCatalogReader.read(path: catalog)
            sources.append(table.sourceLanguage)
            strings += table.strings.map { tableKeyed($0, table: catalog) }
        }
        for (folder, files) in lprojs.sorted(by: { $0.key < $1.key }) {
            let locale = try lprojLocale(of: folder + "/x")
            strings += try readLproj(files: files.sorted(), locale: locale).map { tableKeyed($0, table: $0.file) }
        }
        let locales = Set(strings.map(\.locale))
        let source = sources.first ?? (locales.contains("en") ? "en" : locales.sorted().first ?? "en")
        return StringTable(sourceLanguage: source, strings: strings)
    }

    /// A key named by its table when the table is not `Localizable`.
    static func tableKeyed(_ s: LocalizedString, table file: String) -> LocalizedString {
        let table = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        guard table != "Localizable" else { return s }
        var copy = s
        copy.key = "\(table):\(s.key)"
        return copy
    }

    /// A whole file's bytes (a string file, a style, a text to lay out).
    /// - Throws: `StringResourceError` naming the file and why it cannot be read: no such file, a folder, a
    ///   symbolic link loop, no permission, a FIFO or a device (refused without blocking: `RegularFile`).
    package static func bytes(ofFile path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw StringResourceError(file: path, line: nil, "is a folder, not a file")
        }
        do {
            return try RegularFile.contents(path)
        } catch {
            if case .notRegular(let kind) = error.problem {
                throw StringResourceError(file: path, line: nil, "is \(kind), not a regular file (nothing was read): give the path of a file")
            }
            throw StringResourceError(file: path, line: nil, unreachableReason(path) ?? "cannot be read (check its permissions)")
        }
    }

    /// Why `stat` fails on `path`, in words; nil when it does not.
    static func unreachableReason(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) != 0 else { return nil }
        switch errno {
        case ENOENT:
            var link = stat()
            return lstat(path, &link) == 0 ? "is a symbolic link to nothing (its target does not exist)" : "no such file or folder"
        case ELOOP: return "is a loop of symbolic links (each leads to the next): point it at a real file"
        case EACCES: return "cannot be reached: permission denied on a folder of its path"
        case ENOTDIR: return "no such file or folder (a part of the path is a file, not a folder)"
        default: return String(cString: strerror(errno))
        }
    }

    /// A folder's device and inode: the same folder reached through a symbolic link has the same identity.
    static func folderIdentity(_ path: String) -> [UInt64]? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return [UInt64(st.st_dev), UInt64(st.st_ino)]
    }

    /// Every folder is searched once, however many symbolic links lead to it: a link to a parent folder made
    /// the search run forever (one more level of links each time), and a linked `.lproj` was read twice.
    static func collect(_ folder: String, catalogs: inout [String], lprojs: inout [String: [String]],
                        visited: inout Set<[UInt64]>) throws {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder) else {
            throw StringResourceError(file: folder, line: nil, "cannot list the folder (check its permissions)")
        }
        for name in names.sorted() where !name.hasPrefix(".") && name != ".build" {
            let full = folder + "/" + name
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                guard let id = folderIdentity(full), visited.insert(id).inserted else { continue }
                if name.hasSuffix(".lproj") {
                    guard name != "Base.lproj" else { continue }
                    let files = (try? fm.contentsOfDirectory(atPath: full)) ?? []
                    let strings = files.filter { $0.hasSuffix(".strings") || $0.hasSuffix(".stringsdict") }.map { full + "/" + $0 }
                    if !strings.isEmpty { lprojs[full, default: []] += strings }
                } else {
                    try collect(full, catalogs: &catalogs, lprojs: &lprojs, visited: &visited)
                }
            } else if name.hasSuffix(".xcstrings") {
                catalogs.append(full)
            }
        }
    }

    /// Legacy `.lproj` names Xcode still accepts.
    static let legacyNames = ["English": "en", "German": "de", "French": "fr", "Japanese": "ja", "Spanish": "es",
                              "Italian": "it", "Dutch": "nl"]

    /// The locale of a file inside `xx.lproj/` ("pt_BR.lproj" → "pt-BR").
    static func lprojLocale(of file: String) throws -> String {
        let folder = ((file as NSString).deletingLastPathComponent as NSString).lastPathComponent
        guard folder.hasSuffix(".lproj") else {
            throw StringResourceError(file: file, line: nil, "is not inside an xx.lproj folder, so its language is unknown")
        }
        let name = String(folder.dropLast(6))
        let tag = legacyNames[name] ?? name.replacingOccurrences(of: "_", with: "-")
        guard LocaleCheck.isKnown(tag), tag != "Base" else {
            throw StringResourceError(file: file, line: nil, "unknown locale \"\(name)\" in the folder name (use de.lproj, pt-BR.lproj, zh-Hans.lproj …)")
        }
        return tag
    }

    /// The strings of one `.lproj`: `.strings` entries, replaced by `.stringsdict` entries of the same key.
    static func readLproj(files: [String], locale: String) throws -> [LocalizedString] {
        var plain: [LocalizedString] = [], plural: [LocalizedString] = []
        for file in files {
            if file.hasSuffix(".stringsdict") {
                plural += try StringsDictReader.read(path: file, locale: locale)
            } else {
                plain += try StringsFileReader.entries(path: file).map {
                    LocalizedString(key: $0.key, locale: locale, format: $0.value, file: file, line: $0.line)
                }
            }
        }
        let table = { (s: LocalizedString) in ((s.file as NSString).lastPathComponent as NSString).deletingPathExtension + "\u{0}" + s.key }
        let overridden = Set(plural.map(table))
        return plain.filter { !overridden.contains(table($0)) } + plural
    }
}
