import CFontconfig
import Foundation
import Support

/// One face of a font file on disk: a path and a face index (for .ttc collections).
public struct FontFile: Hashable, Sendable, CustomStringConvertible {
    /// Absolute or relative path of the .ttf / .otf / .ttc file.
    public var path: String {
        get { storage.path }
        set { storage = Storage(path: newValue, adjustment: adjustment, variations: variations) }
    }
    /// Face index inside a collection; 0 for single-face files.
    public var faceIndex: Int
    /// Metric overrides and a size adjustment applied to the face (`FaceAdjustment`, as CSS's `@font-face`
    /// `ascent-override` … `size-adjust`); nil = the font's own metrics. The system font's stand-in sets it.
    public var adjustment: FaceAdjustment? {
        get { storage.adjustment }
        set { storage = Storage(path: path, adjustment: newValue, variations: variations) }
    }
    /// A variable font's axis values by tag (`["wght": 650, "opsz": 15]`), in the axis's own units (design
    /// coordinates, `fvar`); axes not given keep their default (or the named instance's, for an instance index).
    /// Values outside an axis's range are clamped to it, as Core Text clamps. Empty for a static face. Set through
    /// FreeType (`FT_Set_Var_Design_Coordinates`: outlines) and HarfBuzz (`hb_font_set_variations`: advances from
    /// `HVAR`/`gvar`, kerning) when the face is opened; each instance is opened once per process.
    public var variations: [String: Double] {
        get { storage.variations }
        set { storage = Storage(path: path, adjustment: adjustment, variations: newValue) }
    }

    /// The path, adjustment and variations in one immutable box: every shaped and drawn glyph carries its face,
    /// and a copy is then one reference count (a path and a dictionary were two, and 40 more bytes to move).
    private var storage: Storage

    private final class Storage: Sendable {
        let path: String
        let adjustment: FaceAdjustment?
        let variations: [String: Double]
        init(path: String, adjustment: FaceAdjustment?, variations: [String: Double]) {
            self.path = path
            self.adjustment = adjustment
            self.variations = variations
        }
    }

    public init(path: String, faceIndex: Int = 0, adjustment: FaceAdjustment? = nil) {
        self.init(path: path, faceIndex: faceIndex, adjustment: adjustment, variations: [:])
    }

    /// A face of a variable font at `variations` (see `variations`).
    public init(path: String, faceIndex: Int = 0, adjustment: FaceAdjustment? = nil, variations: [String: Double]) {
        self.faceIndex = faceIndex
        storage = Storage(path: path, adjustment: adjustment, variations: variations)
    }

    /// Equal path, face index, adjustment and variations (copies of one face share their box: compared at once).
    public static func == (lhs: FontFile, rhs: FontFile) -> Bool {
        lhs.faceIndex == rhs.faceIndex
            && (lhs.storage === rhs.storage
                || (lhs.path == rhs.path && lhs.adjustment == rhs.adjustment && lhs.variations == rhs.variations))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(faceIndex)
        hasher.combine(adjustment)
        hasher.combine(variations)
    }

    /// The path, `#index` for a face other than 0, then the variations sorted by tag (`[wght=650]`) when there are any.
    public var description: String {
        (faceIndex == 0 ? path : "\(path)#\(faceIndex)") + (variations.isEmpty ? "" : "[\(variationsDescription)]")
    }

    /// `wght=650,opsz=15` in tag order; empty for a static face.
    public var variationsDescription: String { Self.describe(variations) }

    /// Axis values as `variationsDescription` writes them: `wght=650,opsz=15` in tag order.
    package static func describe(_ variations: [String: Double]) -> String {
        variations.sorted { $0.key < $1.key }.map { tag, value in
            "\(tag)=\(value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value))"
        }.joined(separator: ",")
    }

    /// DejaVu Sans (apt `fonts-dejavu-core`): Latin, Greek, Cyrillic, Hebrew, Arabic.
    public static let dejaVuSans = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    /// DejaVu Sans Bold (apt `fonts-dejavu-core`): the `.headline` face of `Font.preferred`.
    public static let dejaVuSansBold = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
    /// NanumGothic (apt `fonts-nanum`): Hangul and common CJK.
    public static let nanumGothic = FontFile(path: "/usr/share/fonts/truetype/nanum/NanumGothic.ttf")
    /// Noto Sans CJK JP (apt `fonts-noto-cjk`), face 0 of the collection: Han, kana and Hangul.
    public static let notoSansCJK = FontFile(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 0)
    /// Noto Color Emoji (apt `fonts-noto-color-emoji`), a CBDT bitmap font.
    public static let notoColorEmoji = FontFile(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")

    /// The fallback chain used after a label's primary font: Noto Sans CJK (Han, kana and Hangul in one
    /// design, with CJK punctuation placed for Japanese), NanumGothic (Hangul, when Noto Sans CJK is not
    /// installed), emoji, then DejaVu Sans (Hebrew, Arabic, Armenian, Georgian and symbols the system font's
    /// stand-in lacks; a DejaVu Sans primary does not repeat it). Emoji-presentation clusters try the colour font first.
    public static let defaultFallbacks: [FontFile] = [.notoSansCJK, .nanumGothic, .notoColorEmoji, .dejaVuSans]

    /// The Debian package that ships a well-known font file, for error messages.
    static func debianPackage(for path: String) -> String? {
        if path.contains("/dejavu/") { return "fonts-dejavu-core" }
        if path.contains("/nanum/") { return "fonts-nanum" }
        if path.contains("/opentype/inter/") { return "fonts-inter" }
        if path.contains("/truetype/inter-vf/") { return "fonts-inter-variable" }
        if path.contains("NotoColorEmoji") { return "fonts-noto-color-emoji" }
        if path.contains("NotoSansCJK") || path.contains("NotoSerifCJK") { return "fonts-noto-cjk" }
        return nil
    }

    /// Resolves a family name ("DejaVu Sans", "NanumGothic") to a font file through fontconfig.
    /// Only an exact family match counts (fontconfig's nearest substitute is not accepted), except for the
    /// generic families `sans-serif`, `serif`, `monospace` (and `sans`, `mono`, `system-ui`, `emoji`),
    /// which take fontconfig's choice.
    /// - Throws: `TypesettingError.familyNotFound`, naming the apt package for well-known families.
    public static func resolve(family: String) throws -> FontFile {
        try FontconfigResolver.shared.resolve(family: family)
    }
}

/// fontconfig is not documented as thread-safe for one FcConfig; calls are serialised by `state`'s lock, which
/// also guards what was read from it.
final class FontconfigResolver: Sendable {
    static let shared = FontconfigResolver()
    let state = Locked(Listings())

    struct Listings {
        /// `resolve(family:)` by family name.
        var cache: [String: FontFile] = [:]
        /// `FontFile.info` by face, and `faces(ofFamily:)` by lower-cased family.
        var infos: [FontFile: FaceInfo?] = [:]
        var familyFaces: [String: [FaceInfo]] = [:]
        /// `siblingFaces(of:)` by folder.
        var folderFaces: [String: [FaceInfo]] = [:]
        /// Files registered by `FontRegistry` (absolute paths) and their faces, in registration order.
        var registered: [String] = []
        var registeredFaceList: [FaceInfo] = []
        /// Every listed face with its PostScript and full names (`Font(name:size:)`), built on first use.
        var nameIndex: [NamedFace]?

        /// Forgets what was read from fontconfig's list (families, names), after a registration changed it. What a
        /// file's own faces are (`infos`, `folderFaces`) does not change.
        mutating func resetListings() {
            cache = [:]
            familyFaces = [:]
            nameIndex = nil
        }
    }

    static let knownPackages: [String: String] = [
        "dejavu sans": "fonts-dejavu-core", "dejavu serif": "fonts-dejavu-core",
        "inter": "fonts-inter", "inter display": "fonts-inter",
        "nanumgothic": "fonts-nanum", "noto color emoji": "fonts-noto-color-emoji",
        "noto sans cjk kr": "fonts-noto-cjk",
    ]

    /// The file a well-known family's Debian package installs, to tell "not installed" from "hidden".
    static let knownFiles: [String: String] = [
        "dejavu sans": FontFile.dejaVuSans.path, "nanumgothic": FontFile.nanumGothic.path,
        "noto color emoji": FontFile.notoColorEmoji.path, "noto sans cjk kr": FontFile.notoSansCJK.path,
    ]

    /// When fontconfig finds no `family` but its package's file is on disk and `FONTCONFIG_FILE` (or
    /// `FONTCONFIG_PATH`) names another configuration, the family is installed but that configuration hides
    /// it (its font folders leave the file out): what to say instead of "install it". Nil otherwise.
    static func hiddenByConfiguration(family: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let path = knownFiles[family.lowercased()], FileManager.default.fileExists(atPath: path) else { return nil }
        guard let (name, value) = [("FONTCONFIG_FILE", environment["FONTCONFIG_FILE"]), ("FONTCONFIG_PATH", environment["FONTCONFIG_PATH"])]
            .first(where: { $0.1 != nil }).map({ ($0.0, $0.1!) }) else { return nil }
        return "family \"\(family)\" is installed (\(path)) but hidden by fontconfig's configuration: \(name)=\(value) "
            + "lists no font folder that holds it. Unset \(name), or add <dir>\((path as NSString).deletingLastPathComponent)</dir> to that configuration"
    }

    static let genericFamilies: Set<String> = ["sans", "sans-serif", "serif", "mono", "monospace", "system-ui", "emoji"]

    func resolve(family: String) throws -> FontFile {
        try state.withLock { listings in
            if let hit = listings.cache[family] { return hit }
            let notFound = TypesettingError.familyNotFound(
                family: family, package: Self.knownPackages[family.lowercased()])
            guard !family.isEmpty, !family.contains("\0"), FcInit() != 0,
                  let pattern = FcPatternCreate() else { throw notFound }
            defer { FcPatternDestroy(pattern) }
            _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(nil, pattern, &result) else { throw notFound }
            defer { FcPatternDestroy(match) }
            // Accept only a match whose family list contains the requested name, or any match for
            // fontconfig's generic families ("sans-serif", "serif", "monospace" …), which name no real font.
            var matched = FontconfigResolver.genericFamilies.contains(family.lowercased())
            var i: Int32 = 0
            var value: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(match, FC_FAMILY, i, &value) == FcResultMatch, let v = value {
                if String(cString: v).caseInsensitiveCompare(family) == .orderedSame { matched = true; break }
                i += 1
            }
            var file: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            guard matched, FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let f = file else { throw notFound }
            _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
            let resolved = FontFile(path: String(cString: f), faceIndex: Int(index))
            listings.cache[family] = resolved
            return resolved
        }
    }
}

extension FontFile {
    /// The installed fonts (fontconfig's list, every file and face it knows) whose character map covers
    /// `scalar`, sorted by path: what to add to a chain that draws it as a .notdef box. Empty when fontconfig
    /// cannot be initialised or nothing covers it.
    package static func installedFonts(covering scalar: Unicode.Scalar) -> [FontFile] {
        FontconfigResolver.shared.fonts(covering: scalar)
    }
}

extension FontconfigResolver {
    func fonts(covering scalar: Unicode.Scalar) -> [FontFile] {
        state.withLock { _ in
            guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            guard let charset = FcCharSetCreate() else { return [] }
            defer { FcCharSetDestroy(charset) }
            guard FcCharSetAddChar(charset, FcChar32(scalar.value)) != 0,
                  FcPatternAddCharSet(pattern, FC_CHARSET, charset) != 0,
                  let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            _ = FcObjectSetAdd(objects, FC_FILE)
            _ = FcObjectSetAdd(objects, FC_INDEX)
            guard let list = FcFontList(nil, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(list) }
            var found: [FontFile] = []
            for i in 0..<Int(list.pointee.nfont) {
                guard let font = list.pointee.fonts[i] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                var index: Int32 = 0
                guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let f = file else { continue }
                _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
                found.append(FontFile(path: String(cString: f), faceIndex: Int(index)))
            }
            return found.sorted { ($0.path, $0.faceIndex) < ($1.path, $1.faceIndex) }
        }
    }
}
