import Support
import CFreeType
import CHarfBuzz
import Foundation

/// One axis of a variable font (`fvar`), in design coordinates.
public struct VariationAxis: Hashable, Sendable {
    /// The axis tag (`wght`, `wdth`, `opsz`, `slnt`, `ital`, or a font's own).
    public var tag: String
    public var minimum: Double
    public var defaultValue: Double
    public var maximum: Double
}

extension FontFile {
    /// The face's variation axes (`fvar`, through FreeType's `FT_Get_MM_Var`); empty for a static face or a file
    /// FreeType cannot open. Read once per face for the life of the process.
    public var variationAxes: [VariationAxis] {
        let key = FontFile(path: path, faceIndex: faceIndex & 0xFFFF)
        if let known = variationAxesCache.withLock({ $0[key] }) { return known }
        var axes: [VariationAxis] = []
        var lib: FT_Library?
        if FontFile.specialFileKind(path) == nil, FT_Init_FreeType(&lib) == 0, let lib {
            var face: FT_Face?
            if FT_New_Face(lib, path, FT_Long(faceIndex & 0xFFFF), &face) == 0, let face {
                var master: UnsafeMutablePointer<FT_MM_Var>?
                if FT_Get_MM_Var(face, &master) == 0, let master {
                    for i in 0..<Int(master.pointee.num_axis) {
                        let axis = master.pointee.axis[i]
                        axes.append(VariationAxis(tag: tagString(UInt32(axis.tag)), minimum: Double(axis.minimum) / 65536,
                                                  defaultValue: Double(axis.def) / 65536, maximum: Double(axis.maximum) / 65536))
                    }
                    FT_Done_MM_Var(lib, master)
                }
                FT_Done_Face(face)
            }
            FT_Done_FreeType(lib)
        }
        variationAxesCache.withLock { $0[key] = axes }
        return axes
    }
}

extension FontFile {
    /// The face's `wght` axis; nil for a static face.
    package var weightAxis: VariationAxis? { variationAxes.first { $0.tag == "wght" } }

    /// The axis values the face is drawn at: `variations` clamped to each axis's range as `FontFace` clamps them
    /// (`wght=5000` on Inter's 100 … 900 is drawn at 900); a tag the face has no axis for, or NaN, kept as asked
    /// (laying it out refuses them).
    package var drawnVariations: [String: Double] {
        guard !variations.isEmpty else { return [:] }
        let axes = variationAxes
        return variations.reduce(into: [:]) { drawn, entry in
            guard let axis = axes.first(where: { $0.tag == entry.key }), !entry.value.isNaN else { drawn[entry.key] = entry.value; return }
            drawn[entry.key] = min(max(entry.value, axis.minimum), axis.maximum)
        }
    }
}

private let variationAxesCache = Locked<[FontFile: [VariationAxis]]>([:])

/// A four-byte OpenType tag as text (`0x77676874` → `wght`).
func tagString(_ tag: UInt32) -> String {
    String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
}

extension FontFace {
    /// Sets `variations` on the opened face's FreeType design coordinates (outlines; the axes not given at the
    /// current instance's value), values clamped to each axis, and returns them as HarfBuzz's variations (advances,
    /// kerning: `hb_font_set_variations`, which starts from the defaults, so a named instance's other axes are in it).
    /// - Throws: `TypesettingError.invalidVariation` for a tag the face has no axis for (or any tag, on a static face),
    ///   `TypesettingError.invalidVariationValue` for a NaN value.
    static func setDesignCoordinates(_ variations: [String: Double], face: FT_Face, library: FT_Library,
                                     file: FontFile) throws -> [hb_variation_t] {
        var master: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &master) == 0, let master else {
            throw TypesettingError.invalidVariation(tag: variations.keys.sorted()[0], path: file.path, axes: [])
        }
        defer { FT_Done_MM_Var(library, master) }
        let count = Int(master.pointee.num_axis)
        let axes = (0..<count).map { master.pointee.axis[$0] }
        let tags = axes.map { tagString(UInt32($0.tag)) }
        for tag in variations.keys.sorted() where !tags.contains(tag) {
            throw TypesettingError.invalidVariation(tag: tag, path: file.path, axes: tags)
        }
        var coordinates = [FT_Fixed](repeating: 0, count: count)
        _ = FT_Get_Var_Design_Coordinates(face, FT_UInt(count), &coordinates)
        var hbVariations: [hb_variation_t] = []
        for (i, axis) in axes.enumerated() {
            guard let value = variations[tags[i]] else { continue }
            // NaN has no place to clamp to (FT_Fixed(NaN) traps): refused, naming the axis's range.
            guard !value.isNaN else {
                throw TypesettingError.invalidVariationValue(tag: tags[i], value: value, path: file.path,
                                                             range: Double(axis.minimum) / 65536...Double(axis.maximum) / 65536)
            }
            let clamped = min(max(value, Double(axis.minimum) / 65536), Double(axis.maximum) / 65536)
            coordinates[i] = FT_Fixed((clamped * 65536).rounded())
            hbVariations.append(hb_variation_t(tag: UInt32(axis.tag), value: Float(clamped)))
        }
        let error = FT_Set_Var_Design_Coordinates(face, FT_UInt(count), &coordinates)
        guard error == 0 else { throw TypesettingError.freeTypeFailure("set the variation coordinates of \(file.path)", error) }
        if file.faceIndex >= 0x10000 {
            for (i, axis) in axes.enumerated() where variations[tags[i]] == nil {
                hbVariations.append(hb_variation_t(tag: UInt32(axis.tag), value: Float(Double(coordinates[i]) / 65536)))
            }
        }
        return hbVariations
    }
}

extension Font {
    /// A variable font by path at axis values, as `UIFont(descriptor:)` with `kCTFontVariationAttribute`
    /// (`["wght": 650]`; a tag's value in the axis's units, clamped to its range). A face with an optical-size axis
    /// (`opsz`) not given one takes the point size, as Core Text sets it, and follows later size changes.
    /// `faceIndex` may name a named instance (`instance << 16 | face`, as `fc-query` lists them; `Font(name:size:)`
    /// finds one by name), whose values the axes not given keep.
    /// Errors surface at layout, as for any file: `TypesettingError.invalidVariation` for an axis the face lacks,
    /// `TypesettingError.invalidVariationValue` for a NaN value (±infinity is clamped as any value beyond the axis).
    public init(path: String, size: Double, faceIndex: Int = 0, variations: [String: Double],
                fallbacks: [FontFile] = FontFile.defaultFallbacks) {
        self.init(file: FontFile(path: path, faceIndex: faceIndex, variations: variations), size: size, fallbacks: fallbacks)
        if variations["opsz"] == nil, face.variationAxes.contains(where: { $0.tag == "opsz" }) {
            opticalSizeFollowsPointSize = true
            face.variations["opsz"] = size
        }
    }

    /// The axis values the primary face is drawn at (`FontFile.variations`); empty for a static face.
    public var variations: [String: Double] { face.variations }
}
