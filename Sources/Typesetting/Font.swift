/// A font at a point size with its fallback chain, as `UIFont` but explicit about files.
/// Creating a `Font` does no I/O; files are opened (once, then cached) when text is laid out,
/// and a missing or corrupt file is reported then as a `TypesettingError`.
public struct Font: Hashable, Sendable {
    /// Largest accepted point size; beyond it a label is rejected rather than rasterised.
    public static let maximumPointSize = 10_000.0

    /// The primary face: its metrics (ascender, descender, line height) set the line height. Assigning a file
    /// makes the font a file font (no longer the system font or a family matched by weight); another face (path
    /// or face index) makes `weight` and `isItalic` read its own, not what was asked of the face before, while
    /// the same face at other axis values (`file.variations`) keeps them.
    public var file: FontFile {
        get { face }
        set {
            if newValue.path != face.path || newValue.faceIndex != face.faceIndex {
                requestedWeight = nil
                requestedItalic = nil
            }
            face = newValue
            source = .file
        }
    }
    /// Size in points. The system font picks its face by size (`Font.system`), so setting it may change `file`.
    public var pointSize: Double {
        didSet {
            if opticalSizeFollowsPointSize { face.variations["opsz"] = pointSize }
            if case .system(let system) = source {
                face = SystemFont.face(weight: weight, italic: isItalic, pointSize: pointSize, source: system)
            }
        }
    }
    /// The face behind `file`, set without changing `source`.
    var face: FontFile
    /// Where `file` comes from, and so how `withWeight(_:)` and `italic()` find another face.
    package var source: FontSource = .file
    /// The weight and italic asked for (`Font.system`, `withWeight`, `italic()`, `init(family:size:weight:italic:)`);
    /// nil = the face's own (`FontFile.info`).
    package var requestedWeight: Weight?
    package var requestedItalic: Bool?
    /// The face's `opsz` axis is set from `pointSize` (Core Text's automatic optical size): `init(path:size:variations:)`
    /// on a face with that axis when none was given.
    var opticalSizeFollowsPointSize = false
    /// OpenType features by tag, applied to every face of the chain when shaping (HarfBuzz `hb_shape`):
    /// `["tnum": 1, "smcp": 1, "ss01": 1]`; 0 turns a feature off (`["liga": 0]`), a value above 1 picks an
    /// alternate. Core Text's defaults (`kern`, `liga`, `calt`, and the script's required features) are on unless
    /// set to 0 here, as they are HarfBuzz's. A tag is 1 to 4 ASCII characters (shorter tags padded with spaces);
    /// another key makes layout throw `TypesettingError.invalidFontFeature`, a value outside 0 … `UInt32.max`
    /// `TypesettingError.invalidFontFeatureValue`.
    public var features: [String: Int] = [:]
    /// `smcp=1,tnum=1` in tag order, as `FontFile.variationsDescription` for the instance; empty without features.
    package var featuresDescription: String {
        features.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }
    /// Faces tried in order for clusters the primary face cannot draw.
    public var fallbacks: [FontFile]
    /// How the size follows a label's `contentSizeCategory` (`Font.preferred`, `Font.scaled`); nil = fixed.
    public var dynamicType: DynamicTypeScaling?

    public init(file: FontFile, size: Double, fallbacks: [FontFile] = FontFile.defaultFallbacks) {
        self.face = file
        self.pointSize = size
        self.fallbacks = fallbacks
    }

    /// A font file by path (exact; no lookup), optionally a face of a collection.
    public init(path: String, size: Double, faceIndex: Int = 0, fallbacks: [FontFile] = FontFile.defaultFallbacks) {
        self.init(file: FontFile(path: path, faceIndex: faceIndex), size: size, fallbacks: fallbacks)
    }

    /// A font by family name, resolved with fontconfig ("DejaVu Sans", "NanumGothic"): the face fontconfig
    /// matches for the family alone (its regular face).
    /// - Throws: `TypesettingError.familyNotFound` naming the apt package when it is a known family.
    public init(family: String, size: Double, fallbacks: [FontFile] = FontFile.defaultFallbacks) throws {
        self.init(file: try FontFile.resolve(family: family), size: size, fallbacks: fallbacks)
    }

    /// A face of an installed or registered family at a weight, upright or italic: fontconfig lists the family's
    /// faces (their `OS/2` weight class and slant), and the face is chosen by CSS Fonts' matching rule
    /// (`Font.Weight`, docs/fonts.md "Weights"): a weight the family lacks takes the nearest the rule prefers
    /// (semibold in DejaVu Sans, which has 200, 400 and 700, is Bold), italic asked of a family without italics
    /// takes its upright faces. `weight` and `isItalic` read what was asked; `file.info` the face drawn.
    /// - Throws: `TypesettingError.familyNotFound` when fontconfig lists no face of the family.
    public init(family: String, size: Double, weight: Weight, italic: Bool = false,
                fallbacks: [FontFile] = FontFile.defaultFallbacks) throws {
        let faces = FontconfigResolver.shared.faces(ofFamily: family)
        guard let match = cssMatch(faces, cssWeight: weight.cssWeight, italic: italic) else {
            throw TypesettingError.familyNotFound(family: family, package: FontconfigResolver.knownPackages[family.lowercased()])
        }
        self.init(file: match.file, size: size, fallbacks: fallbacks)
        source = .family(family)
        requestedWeight = weight
        requestedItalic = italic
    }

    /// The weight asked for (`Font.system(size:weight:)`, `withWeight(_:)`), or for a font made from a file the
    /// face's own: its `wght` axis value when one is set (clamped to the axis), else its `OS/2.usWeightClass`
    /// (through fontconfig; regular when it cannot be read).
    public var weight: Weight {
        requestedWeight ?? face.drawnVariations["wght"].map(Weight.init(cssWeight:)) ?? face.info?.weight ?? .regular
    }

    /// Whether italic was asked for (`italic()`), or for a font made from a file whether its face is italic or
    /// oblique.
    public var isItalic: Bool { requestedItalic ?? face.info?.isItalic ?? false }

    /// The same family at `weight` (UIKit's `UIFont.Weight`; any raw value, matched by its CSS weight class),
    /// keeping italic, size, fallbacks, features and Dynamic Type. The system font takes the stand-in's face of
    /// that weight; a family font (`init(family:size:weight:italic:)`) the family's face CSS's rule picks; a font
    /// made from a file the face of the file's family (its first fontconfig family name): among the installed
    /// and registered faces when fontconfig knows the file, else among the font files in the file's folder. A
    /// weight the family lacks takes the nearest by CSS's rule, never a silent regular; a file whose family
    /// cannot be found keeps its face (`file.info` tells the face drawn).
    public func withWeight(_ weight: Weight) -> Font { restyled(weight: weight, italic: isItalic) }

    /// The italic face of the same family at the same weight (as `UIFont.withSymbolicTraits(.traitItalic)`),
    /// found as `withWeight(_:)` finds faces; a family without italics keeps its upright face (no slanting is
    /// synthesised), and `isItalic` reads true.
    public func italic() -> Font { restyled(weight: requestedWeight, italic: true) }

    /// The upright face of the same family at the same weight, as removing `.traitItalic` from the font's
    /// descriptor (`UIFontDescriptor.withSymbolicTraits`), found as `italic()` finds faces: `Font(path:)` of
    /// Inter-Italic.otf gives Inter-Regular.otf. A font that is not italic is returned as it is; a family without an
    /// upright face keeps its italic one (`file.info` tells the face drawn), and `isItalic` reads false.
    public func upright() -> Font {
        guard isItalic else { return self }
        return restyled(weight: requestedWeight, italic: false)
    }

    /// The same font with digits of one width (`UIFont.monospacedDigitSystemFont`): the OpenType `tnum` feature
    /// on. A face without `tnum` keeps its digits.
    public func monospacedDigit() -> Font {
        var font = self
        font.features["tnum"] = 1
        return font
    }

    /// The face of this font's family at `asked` (nil: the weight it has, not stated as asked) and `italic` (see
    /// `withWeight(_:)`).
    private func restyled(weight asked: Weight?, italic: Bool) -> Font {
        let weight = asked ?? self.weight
        var font = self
        font.requestedWeight = asked
        font.requestedItalic = italic
        switch source {
        case .system(let system):
            font.face = SystemFont.face(weight: weight, italic: italic, pointSize: pointSize, source: system)
        case .family(let family):
            if let match = cssMatch(FontconfigResolver.shared.faces(ofFamily: family), cssWeight: weight.cssWeight, italic: italic) {
                font.face = match.file
            }
        case .file where face.weightAxis != nil:
            // A variable font given by path keeps its file: the weight is its wght axis (CSS Fonts 4 §5.2: the
            // face's weight range holds it), not the family's nearest static face.
            font.face = face.variableFace(cssWeight: asked?.cssWeight, italic: italic)
        case .file:
            guard let info = face.info, let family = info.families.first else { break }
            let resolver = FontconfigResolver.shared
            var faces = resolver.faces(ofFamily: family)
            let listed = faces.contains { $0.file == face }
            if !listed { faces = resolver.siblingFaces(of: face).filter { $0.families.contains(family) } }
            if let match = cssMatch(faces, cssWeight: weight.cssWeight, italic: italic, width: info.width) {
                font.face = match.file
                // Known to fontconfig: later restyles match in the family, whichever face is drawn now.
                if listed { font.source = .family(family) }
            }
        }
        return font
    }

    /// DejaVu Sans at `size` points, with the default fallback chain `FontFile.defaultFallbacks`: Noto Sans CJK JP
    /// (Han, kana and Hangul in one design), NanumGothic (Hangul, when Noto Sans CJK is not installed), Noto Color Emoji.
    public static func `default`(size: Double) -> Font {
        Font(file: .dejaVuSans, size: size)
    }

    /// The system font at `size` points and `weight`, as `UIFont.systemFont(ofSize:weight:)`: Apple's font cannot
    /// ship, so a stand-in draws it — Inter with SF Pro's vertical metrics and average width, its text design below
    /// 20 pt and display design from 20 pt — or the family or files `SystemFont.current` names
    /// (`LABELSNAP_SYSTEM_FONT`); docs/fonts.md "The system font". The default fallback chain follows.
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        let source = SystemFont.current
        var font = Font(file: SystemFont.face(weight: weight, italic: false, pointSize: size, source: source), size: size)
        font.source = .system(source)
        font.requestedWeight = weight
        font.requestedItalic = false
        return font
    }

    /// The same font at another point size, fixed (no `dynamicType`: the size is no longer scaled).
    public func withSize(_ size: Double) -> Font {
        var f = self
        f.pointSize = size
        f.dynamicType = nil
        return f
    }

    /// The primary face followed by the fallbacks, without repeats.
    public var chain: [FontFile] {
        // A linear check: chains hold a handful of faces, and hashing their paths cost more (debug builds).
        var chain: [FontFile] = []
        chain.reserveCapacity(1 + fallbacks.count)   // one allocation, not one per doubling
        chain.append(file)
        for f in fallbacks where !chain.contains(f) { chain.append(f) }
        return chain
    }

    /// - Throws: `TypesettingError.invalidFontSize` unless `0 < pointSize ≤ maximumPointSize`.
    package func validateSize() throws {
        // `min(size, .nan)` is the size: a NaN limit would be ignored without a word (checked first: a limit ≤ 0
        // makes the size ≤ 0, which would be blamed instead).
        if let limit = dynamicType?.maximumPointSize, limit.isNaN || limit <= 0 {
            throw TypesettingError.invalidMaximumPointSize(limit)
        }
        guard pointSize.isFinite, pointSize > 0, pointSize <= Font.maximumPointSize else {
            throw TypesettingError.invalidFontSize(pointSize)
        }
    }
}

/// Where a font's face comes from, and so how another weight or italic is found.
package enum FontSource: Hashable, Sendable {
    /// `file` as given (a path, or a family's regular face).
    case file
    /// A family's faces matched by weight and slant (fontconfig's list, CSS's rule).
    case family(String)
    /// The system font drawn by a `SystemFont.Source`, its face chosen by weight, italic and point size.
    case system(SystemFont.Source)
}

/// A font's vertical metrics in points: design units × `pointSize / unitsPerEm`, unrounded
/// (never FreeType's rounded `size->metrics`; docs/fonts.md, Font metrics).
public struct FontMetrics: Hashable, Sendable {
    /// Distance from the baseline to the top of the line box, pt (positive).
    public var ascender: Double
    /// Distance from the baseline to the bottom, pt (negative).
    public var descender: Double
    /// Baseline-to-baseline distance, pt: FreeType's `face->height` scaled (ascender − descender + line gap),
    /// as `UIFont.lineHeight`.
    public var lineHeight: Double
    public var unitsPerEm: Int
}
