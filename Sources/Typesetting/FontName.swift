import CFontconfig
import Foundation
import Support

extension Font {
    /// A face by PostScript name (`name` ID 6, `"Pretendard-SemiBold"`) or full name (ID 4, `"Pretendard SemiBold"`),
    /// as `UIFont(name:size:)`, among the registered (`FontRegistry`) and installed (fontconfig) fonts: every face
    /// of a `.ttc` collection and every named instance of a variable font is found by its own name. An exact match
    /// wins, then one that differs only in case. A name both registered and installed takes the registered file
    /// (the app's own copy), then a static face before a variable font's named instance, then an upright face before
    /// an italic one (a name an upright and an italic file share, as Debian's Inter variable fonts do), then the
    /// first path.
    ///
    /// Throws where `UIFont(name:size:)` returns nil, so that the error can name the nearest names and a typo never
    /// draws another font silently. The face's family is where `withWeight(_:)` and `italic()` look for other faces.
    /// - Throws: `TypesettingError.fontNameNotFound` with up to five nearest names (edit distance, ignoring case).
    public init(name: String, size: Double, fallbacks: [FontFile] = FontFile.defaultFallbacks) throws {
        self.init(file: try FontconfigResolver.shared.face(named: name).file, size: size, fallbacks: fallbacks)
    }
}

/// A listed face and the names it is found by.
struct NamedFace {
    var info: FaceInfo
    /// The PostScript name, then every full name fontconfig lists (one per language the `name` table has).
    var names: [String]
}

extension FontconfigResolver {
    /// The face named `name` (`Font(name:size:)`'s rule).
    /// - Throws: `TypesettingError.fontNameNotFound`.
    func face(named name: String) throws -> FaceInfo {
        let index = namedFaces()
        if let hit = index.first(where: { $0.names.contains(name) }) { return hit.info }
        if let hit = index.first(where: { $0.names.contains { $0.caseInsensitiveCompare(name) == .orderedSame } }) {
            return hit.info
        }
        throw TypesettingError.fontNameNotFound(name: name, nearest: Self.nearest(to: name, among: index.flatMap(\.names)))
    }

    /// Up to `limit` names closest to `name` by Levenshtein distance over lower-cased characters, closest first
    /// (ties in name order), without repeats.
    static func nearest(to name: String, among names: [String], limit: Int = 5) -> [String] {
        let target = Array(name.lowercased())
        var seen = Set<String>()
        var scored: [(Int, String)] = []
        for candidate in names where !candidate.isEmpty && seen.insert(candidate).inserted {
            scored.append((editDistance(target, Array(candidate.lowercased())), candidate))
        }
        scored.sort { $0 < $1 }
        return scored.prefix(limit).map(\.1)
    }

    /// Insertions, deletions and substitutions turning `a` into `b` (two rows of the dynamic programme).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Every face fontconfig lists (installed and registered) with its names, in `Font(name:size:)`'s order of
    /// preference; built once, and again after a registration.
    func namedFaces() -> [NamedFace] {
        state.withLock { listings in
            if let nameIndex = listings.nameIndex { return nameIndex }
            var faces: [NamedFace] = []
            if FcInit() != 0, let pattern = FcPatternCreate() {
                defer { FcPatternDestroy(pattern) }
                if let objects = FcObjectSetCreate() {
                    defer { FcObjectSetDestroy(objects) }
                    for object in [FC_FILE, FC_INDEX, FC_FAMILY, FC_POSTSCRIPT_NAME, FC_FULLNAME, FC_WEIGHT, FC_SLANT, FC_WIDTH, FC_VARIABLE] {
                        _ = FcObjectSetAdd(objects, object)
                    }
                    if let list = FcFontList(nil, pattern, objects) {
                        defer { FcFontSetDestroy(list) }
                        for i in 0..<Int(list.pointee.nfont) {
                            guard let font = list.pointee.fonts[i], let info = FaceInfo(pattern: font), !info.isVariable else { continue }
                            var names = info.postScriptName.isEmpty ? [] : [info.postScriptName]
                            var n: Int32 = 0
                            var value: UnsafeMutablePointer<FcChar8>?
                            while FcPatternGetString(font, FC_FULLNAME, n, &value) == FcResultMatch, let value {
                                let full = String(cString: value)
                                if !names.contains(full) { names.append(full) }
                                n += 1
                            }
                            faces.append(NamedFace(info: info, names: names))
                        }
                    }
                }
            }
            let order = Dictionary(listings.registered.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            faces.sort { a, b in
                // An upright face before an italic one of the same name: Debian's Inter variable fonts give the roman
                // and italic files' instances one PostScript name ("Inter_600wght"), and the italic sorts first by path.
                func key(_ f: NamedFace) -> (Int, Int, Int, String, Int) {
                    (order[f.info.file.path] ?? Int.max, f.info.file.faceIndex >= 0x10000 ? 1 : 0, f.info.isItalic ? 1 : 0,
                     f.info.file.path, f.info.file.faceIndex)
                }
                return key(a) < key(b)
            }
            listings.nameIndex = faces
            return faces
        }
    }
}
