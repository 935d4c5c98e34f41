import CFontconfig
import Foundation
import Support

/// What fontconfig says of one face: its names, weight class, slant and width, as `fc-query` prints them.
public struct FaceInfo: Hashable, Sendable {
    public var file: FontFile
    /// Family names, the typographic one first when the face has several (`["DejaVu Sans", "DejaVu Sans Light"]`).
    public var families: [String]
    /// `name` ID 6 (`Inter-SemiBold`); empty when the face has none.
    public var postScriptName: String
    /// `name` ID 4 (`Inter Semi Bold`); empty when the face has none.
    public var fullName: String
    /// The OpenType weight class (`OS/2.usWeightClass`, 100 … 900), from fontconfig's weight by
    /// `FcWeightToOpenTypeDouble`; 400 when fontconfig reports none.
    public var cssWeight: Double
    /// Italic or oblique (fontconfig slant > 0).
    public var isItalic: Bool
    /// fontconfig's width (100 = normal, 87 = semi-condensed …).
    public var width: Int
    /// The face is a variable font's default outline (fontconfig's `variable`), not a named instance or static face.
    public var isVariable: Bool

    /// The weight as `Font.Weight` (a weight class between UIKit's nine interpolated).
    public var weight: Font.Weight { Font.Weight(cssWeight: cssWeight) }
}

extension FaceInfo {
    /// Reads the fields of a fontconfig pattern (a listed or queried face).
    init?(pattern: OpaquePointer) {
        func string(_ object: String, _ n: Int32 = 0) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }
        guard let path = string(FC_FILE) else { return nil }
        var index: Int32 = 0, slant: Int32 = 0, width: Int32 = 100, variable: FcBool = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        _ = FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
        _ = FcPatternGetInteger(pattern, FC_WIDTH, 0, &width)
        _ = FcPatternGetBool(pattern, FC_VARIABLE, 0, &variable)
        var weight = Double(FC_WEIGHT_REGULAR)
        _ = FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight)
        var families: [String] = []
        var n: Int32 = 0
        while let family = string(FC_FAMILY, n) { families.append(family); n += 1 }
        self.init(file: FontFile(path: path, faceIndex: Int(index)), families: families,
                  postScriptName: string(FC_POSTSCRIPT_NAME) ?? "", fullName: string(FC_FULLNAME) ?? "",
                  cssWeight: FcWeightToOpenTypeDouble(weight), isItalic: slant > 0, width: Int(width),
                  isVariable: variable != 0)
    }
}

extension FontFile {
    /// fontconfig's description of this face (`FcFreeTypeQuery`: the file need not be installed); nil when the
    /// file cannot be read as a font. Read once per face for the life of the process.
    public var info: FaceInfo? { FontconfigResolver.shared.info(of: self) }
}

extension FontconfigResolver {
    func info(of file: FontFile) -> FaceInfo? {
        state.withLock { listings in
            if let known = listings.infos[file] { return known }
            var count: Int32 = 0
            var info: FaceInfo?
            if FontFile.specialFileKind(file.path) == nil, FcInit() != 0, let pattern = FcFreeTypeQuery(file.path, UInt32(file.faceIndex), nil, &count) {
                info = FaceInfo(pattern: pattern)
                FcPatternDestroy(pattern)
            }
            listings.infos[file] = info
            return info
        }
    }

    /// Every face fontconfig lists for `family` (installed and registered), any of its family names matching,
    /// sorted by path and index; cached until a font is registered.
    func faces(ofFamily family: String) -> [FaceInfo] {
        state.withLock { listings in
            if let known = listings.familyFaces[family.lowercased()] { return known }
            guard !family.isEmpty, !family.contains("\0"), FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
            defer { FcPatternDestroy(pattern) }
            _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            guard let objects = FcObjectSetCreate() else { return [] }
            defer { FcObjectSetDestroy(objects) }
            for object in [FC_FILE, FC_INDEX, FC_FAMILY, FC_POSTSCRIPT_NAME, FC_FULLNAME, FC_WEIGHT, FC_SLANT, FC_WIDTH, FC_VARIABLE] {
                _ = FcObjectSetAdd(objects, object)
            }
            guard let list = FcFontList(nil, pattern, objects) else { return [] }
            defer { FcFontSetDestroy(list) }
            var faces: [FaceInfo] = []
            for i in 0..<Int(list.pointee.nfont) {
                guard let font = list.pointee.fonts[i], let info = FaceInfo(pattern: font) else { continue }
                faces.append(info)
            }
            faces.sort { ($0.file.path, $0.file.faceIndex) < ($1.file.path, $1.file.faceIndex) }
            listings.familyFaces[family.lowercased()] = faces
            return faces
        }
    }
}

/// Picks a face among a family's faces as CSS Fonts Level 4 §5.2 does, in its order: width (the nearest to
/// `width`, narrower first for a normal or narrower request), then style (italic asked: italic or oblique faces
/// when the family has any, else upright; upright asked: upright faces when any), then weight
/// (`cssNearestWeight`). Static faces are preferred to a variable font's named instances of the same weight
/// (both are listed for Inter), then by path. nil when `faces` is empty.
package func cssMatch(_ faces: [FaceInfo], cssWeight: Double, italic: Bool, width: Int = 100) -> FaceInfo? {
    let styled = cssStyled(faces.filter { !$0.isVariable }, italic: italic, width: width)
    // Static faces (index < 65536) before named instances (fontconfig's index: instance << 16 | face).
    let ordered = styled.sorted { ($0.file.faceIndex >= 0x10000 ? 1 : 0, $0.file.path, $0.file.faceIndex)
                                 < ($1.file.faceIndex >= 0x10000 ? 1 : 0, $1.file.path, $1.file.faceIndex) }
    guard let index = cssNearestWeight(cssWeight, among: ordered.map(\.cssWeight)) else { return nil }
    return ordered[index]
}

/// CSS's first two steps: the faces of the width nearest `width` (narrower first for a normal or narrower request),
/// then of the style asked when any has it (italic asked: italic or oblique faces; upright asked: upright ones).
private func cssStyled(_ candidates: [FaceInfo], italic: Bool, width: Int) -> [FaceInfo] {
    guard let nearestWidth = candidates.map(\.width).min(by: { a, b in
        let (da, db) = (abs(a - width), abs(b - width))
        return da != db ? da < db : (width <= 100 ? a < b : a > b)
    }) else { return [] }
    let sameWidth = candidates.filter { $0.width == nearestWidth }
    return sameWidth.contains { $0.isItalic == italic } ? sameWidth.filter { $0.isItalic == italic } : sameWidth
}

/// `cssMatch` where a family has variable fonts: a static face or named instance of exactly `cssWeight` wins; else a
/// face of the style and width CSS picks whose font has a `wght` axis holding `cssWeight` is drawn at that weight
/// (CSS Fonts 4 §5.2: a face whose weight range holds the desired weight matches it), so 650 asked of a variable
/// family is 650, not its 700 instance; else the nearest face by CSS's rule. nil when `faces` is empty.
package func cssWeightMatch(_ faces: [FaceInfo], cssWeight: Double, italic: Bool, width: Int = 100) -> FontFile? {
    let nearest = cssMatch(faces, cssWeight: cssWeight, italic: italic, width: width)
    if let nearest, abs(nearest.cssWeight - cssWeight) < 1e-6 { return nearest.file }
    for face in cssStyled(faces, italic: italic, width: width).sorted(by: { ($0.file.path, $0.file.faceIndex) < ($1.file.path, $1.file.faceIndex) }) {
        let file = FontFile(path: face.file.path, faceIndex: face.file.faceIndex & 0xFFFF)
        if let axis = file.weightAxis, (axis.minimum...axis.maximum).contains(cssWeight) {
            return FontFile(path: file.path, faceIndex: file.faceIndex, variations: ["wght": cssWeight])
        }
    }
    return nearest?.file
}

extension FontconfigResolver {
    /// The faces of the font files (`.ttf`, `.otf`, `.ttc`, `.otc`) in `file`'s folder, queried with fontconfig
    /// (they need not be installed), cached by folder: where a font made from a path finds its other weights.
    func siblingFaces(of file: FontFile) -> [FaceInfo] {
        let folder = URL(fileURLWithPath: file.path).deletingLastPathComponent().path
        if let known = state.withLock({ $0.folderFaces[folder] }) { return known }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var faces: [FaceInfo] = []
        for name in names.sorted() where FontRegistry.fontExtensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased()) {
            faces += queryAll(path: folder + "/" + name)
        }
        state.withLock { [faces] in $0.folderFaces[folder] = faces }
        return faces
    }

    /// Every face of a font file (each face of a collection and each named instance), as `fc-query` lists them;
    /// none for a FIFO, a device or a socket (`FontFile.specialFileKind`), which fontconfig would wait on.
    func queryAll(path: String) -> [FaceInfo] {
        guard FontFile.specialFileKind(path) == nil else { return [] }
        return state.withLock { listings in
            guard FcInit() != 0, let set = FcFontSetCreate() else { return [] }
            defer { FcFontSetDestroy(set) }
            _ = FcFreeTypeQueryAll(path, UInt32.max, nil, nil, set)
            var faces: [FaceInfo] = []
            for i in 0..<Int(set.pointee.nfont) {
                guard let font = set.pointee.fonts[i], let info = FaceInfo(pattern: font) else { continue }
                faces.append(info)
                listings.infos[info.file] = info
            }
            return faces
        }
    }
}
