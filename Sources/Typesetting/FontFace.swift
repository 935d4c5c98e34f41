import CFreeType
import CHarfBuzz
import Foundation
import Support

/// One opened face: its own FreeType library, `FT_Face` and HarfBuzz font, guarded by a lock.
/// FreeType faces are not thread-safe (docs/platform-pitfalls.md), so every use goes through `withSize(_:_:)` (rasterising)
/// or `withShapingFont(_:)` (shaping), which hold the lock; faces are cached for the life of the process.
/// `@unchecked`: the C objects are reached through `let` pointers, used only while `state`'s lock is held.
package final class FontFace: @unchecked Sendable {
    package let file: FontFile
    /// True for bitmap-only colour fonts (CBDT, e.g. Noto Color Emoji).
    package let isColorBitmap: Bool
    package let unitsPerEm: Int
    /// `file.adjustment`'s size adjustment (1 without one): outlines and advances are drawn at the point size ×
    /// this, as CSS's `size-adjust`.
    package let sizeAdjust: Double
    /// `file.adjustment`'s tracking by point size (nil without one): em added after each glyph cluster shaped.
    let tracking: FaceAdjustment?
    let library: FT_Library
    let face: FT_Face
    /// HarfBuzz's own OpenType font functions at a scale of `unitsPerEm`: shaping gives advances, offsets and
    /// kerning in font units, independent of any pixel size (docs/fonts.md, Advances). Its tables are read
    /// through the `FT_Face`, so it is used under the lock.
    let hbFont: OpaquePointer
    /// The buffer every shaping call with this face fills, reused under the lock (`withShapingFont`): one
    /// `hb_buffer_create` per run shaped, and its arrays grown anew, was a tenth of a badge's layout.
    private let hbBuffer: OpaquePointer
    /// The lock of the face (its FreeType and HarfBuzz objects) and what it sets and caches.
    private let state = Locked(SizedState())
    static let glyphCacheByteLimit = 32 << 20

    /// What the face's lock guards besides the C objects themselves.
    struct SizedState {
        /// The size `FT_Set_Char_Size` (or the strike) was last set to, 26.6 pixels; -1 before the first.
        var pixelSize26_6 = -1
        /// Glyph images keyed by glyph, size and quarter-pixel phase.
        var glyphCache: [GlyphKey: GlyphImage] = [:]
        /// Pixel bytes held by `glyphCache`, at most `glyphCacheByteLimit`.
        var glyphCacheBytes = 0
    }

    /// Load flags for outline glyphs: unhinted, outlines only (embedded bitmaps would make the
    /// result depend on the pixel size in a way the layout rules do not describe).
    static let outlineLoadFlags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP)
    static let colorLoadFlags = Int32(FT_LOAD_COLOR)

    private init(file: FontFile) throws {
        self.file = file
        sizeAdjust = file.adjustment?.sizeAdjust ?? 1
        tracking = file.adjustment.flatMap { $0.tracking.isEmpty ? nil : $0 }
        guard FileManager.default.isReadableFile(atPath: file.path) else {
            throw TypesettingError.fontNotFound(path: file.path, package: FontFile.debianPackage(for: file.path))
        }
        try FontFile.checkRegular(file.path)
        var lib: FT_Library?
        let initError = FT_Init_FreeType(&lib)
        guard initError == 0, let lib else { throw TypesettingError.freeTypeFailure("initialise", initError) }
        FontFace.pinProperties(lib)
        var ftFace: FT_Face?
        let openError = FT_New_Face(lib, file.path, FT_Long(file.faceIndex), &ftFace)
        guard openError == 0, let ftFace else {
            FT_Done_FreeType(lib)
            throw TypesettingError.unreadableFont(path: file.path, faceIndex: file.faceIndex, freeTypeError: openError)
        }
        let isScalable = (ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0
        let hasColor = (ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0
        isColorBitmap = !isScalable && hasColor && ftFace.pointee.num_fixed_sizes > 0
        guard isScalable || isColorBitmap else {
            FT_Done_Face(ftFace); FT_Done_FreeType(lib)
            throw TypesettingError.unreadableFont(path: file.path, faceIndex: file.faceIndex, freeTypeError: 0)
        }
        // Before HarfBuzz holds the face: on an error here nothing but FreeType's face and library need freeing.
        var hbVariations: [hb_variation_t] = []
        // The adjustment's axes (the stand-in's design and weight) under the variations asked.
        let coordinates = (file.adjustment?.axes ?? [:]).merging(file.variations) { _, asked in asked }
        if !coordinates.isEmpty {
            do {
                hbVariations = try FontFace.setDesignCoordinates(coordinates, face: ftFace, library: lib, file: file)
            } catch {
                FT_Done_Face(ftFace); FT_Done_FreeType(lib)
                throw error
            }
        }
        library = lib
        face = ftFace
        guard let hbFace = hb_ft_face_create_referenced(ftFace) else {
            FT_Done_Face(ftFace); FT_Done_FreeType(lib)
            throw TypesettingError.freeTypeFailure("create a HarfBuzz face", 0)
        }
        defer { hb_face_destroy(hbFace) }
        // From the `head` table through HarfBuzz: FreeType reports 0 units per em for bitmap-only faces
        // (Noto Color Emoji), whose advances are still in 2048ths of an em.
        unitsPerEm = max(1, Int(hb_face_get_upem(hbFace)))
        guard let font = hb_font_create(hbFace) else {
            FT_Done_Face(ftFace); FT_Done_FreeType(lib)
            throw TypesettingError.freeTypeFailure("create a HarfBuzz font", 0)
        }
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        // A variable font's named instance (fontconfig's and FreeType's index: instance << 16 | face): FreeType draws
        // its outlines from the index; HarfBuzz's advances (HVAR/gvar) and kerning follow only when told.
        if file.faceIndex >= 0x10000 { hb_font_set_var_named_instance(font, UInt32(file.faceIndex >> 16) - 1) }
        if !hbVariations.isEmpty { hb_font_set_variations(font, hbVariations, UInt32(hbVariations.count)) }
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
            hb_font_destroy(font); FT_Done_Face(ftFace); FT_Done_FreeType(lib)
            throw TypesettingError.freeTypeFailure("create a HarfBuzz buffer", 0)
        }
        hbFont = font
        hbBuffer = buffer
    }

    deinit {
        hb_buffer_destroy(hbBuffer)
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Pins the FreeType properties that change output, after `FT_Init_FreeType` has read
    /// `FREETYPE_PROPERTIES`, so the environment cannot change a pixel.
    private static func pinProperties(_ lib: FT_Library) {
        var noDarkening: FT_Bool = 1
        for driver in ["cff", "type1", "t1cid", "autofitter"] {
            _ = FT_Property_Set(lib, driver, "no-stem-darkening", &noDarkening)
        }
        var interpreter = FT_UInt(TT_INTERPRETER_VERSION_40)
        _ = FT_Property_Set(lib, "truetype", "interpreter-version", &interpreter)
        var glyphToScriptMapDefault: FT_UInt = 0 // autofitter fallback script: none
        _ = FT_Property_Set(lib, "autofitter", "fallback-script", &glyphToScriptMapDefault)
    }

    // MARK: Cache

    /// The opened faces. A face is opened under the lock, so two threads asking for one file open it once.
    private static let cache = Locked(Opened())

    private struct Opened {
        var byFile: [FontFile: FontFace] = [:]
        /// The faces asked for last, searched with `==` before `byFile` hashes the path: a layout and its rendering
        /// ask for the same few faces again and again (once per glyph drawn), and hashing their paths was a tenth
        /// of a badge's render.
        var recent: [FontFace] = []
    }
    private static let recentLimit = 8

    /// The shared face for `file`, opened on first use.
    /// - Throws: `TypesettingError.fontNotFound` / `.unreadableFont`.
    package static func load(_ file: FontFile) throws -> FontFace {
        try cache.withLock { opened in
            for face in opened.recent where face.file == file { return face }
            let face = try opened.byFile[file] ?? FontFace(file: file)
            opened.byFile[file] = face
            if opened.recent.count == recentLimit { opened.recent.removeFirst() }
            opened.recent.append(face)
            return face
        }
    }

    // MARK: Metrics and coverage

    /// Em of `pointSize` added after each glyph cluster (`FaceAdjustment.tracking`); 0 without a tracking table.
    package func tracking(atPointSize pointSize: Double) -> Double { tracking?.tracking(atPointSize: pointSize) ?? 0 }

    /// Design metrics scaled to `pointSize`, unrounded; `file.adjustment`'s ascent, descent and line gap instead
    /// when it has them (per em of `pointSize`, not scaled by the size adjustment).
    package func metrics(pointSize: Double) -> FontMetrics {
        if let a = file.adjustment {
            return FontMetrics(ascender: a.ascent * pointSize, descender: -a.descent * pointSize,
                               lineHeight: (a.ascent + a.descent + a.lineGap) * pointSize, unitsPerEm: unitsPerEm)
        }
        let scale = pointSize / Double(unitsPerEm)
        let f = face.pointee
        var ascender = Double(f.ascender), descender = Double(f.descender), height = Double(f.height)
        if isColorBitmap || (ascender == 0 && descender == 0) {
            // Bitmap fonts may carry no design metrics: use the em box.
            ascender = Double(unitsPerEm) * 0.95; descender = -Double(unitsPerEm) * 0.25
            height = ascender - descender
        }
        return FontMetrics(ascender: ascender * scale, descender: descender * scale,
                           lineHeight: height * scale, unitsPerEm: unitsPerEm)
    }

    /// Whether the face maps `scalar` to a glyph other than .notdef, as HarfBuzz, which shapes, reads its `cmap`.
    /// Not FreeType's map: for a font without a `cmap` FreeType synthesises one from the glyph names, which shaping
    /// never uses (every cluster came out as glyph 0, and no fallback was tried).
    package func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        state.withLock { _ in
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 && glyph != 0
        }
    }

    /// Runs `body` with the face set to `pixelSize` (pt × scale) pixels at 72 dpi, holding the lock; `body` gets
    /// the glyph cache the lock guards.
    func withSize<T: Sendable>(_ pixelSize: Double, _ body: (inout SizedState) throws -> T) rethrows -> T {
        try state.withLock { state in
            // At least 1/64 px: FreeType rejects a zero size and would keep the previous one (stale advances).
            let size26_6 = max(1, Int((pixelSize * sizeAdjust * 64).rounded()))
            if size26_6 != state.pixelSize26_6 {
                if isColorBitmap {
                    // Bitmap-only font: select the strike closest to (and preferably above) the request;
                    // glyph images are scaled when drawn.
                    _ = FT_Select_Size(face, FT_Int(bestStrike(for: pixelSize)))
                } else {
                    _ = FT_Set_Char_Size(face, 0, FT_F26Dot6(size26_6), 72, 72)
                }
                state.pixelSize26_6 = size26_6
            }
            return try body(&state)
        }
    }

    /// Runs `body` with the HarfBuzz font (scale = units per em) and the face's buffer, emptied by
    /// `hb_buffer_reset` (no text, properties or flags; its memory kept), holding the lock. The buffer is only
    /// valid inside `body`.
    func withShapingFont<T: Sendable>(_ body: (_ font: OpaquePointer, _ buffer: OpaquePointer) throws -> T) rethrows -> T {
        try state.withLock { _ in
            hb_buffer_reset(hbBuffer)
            return try body(hbFont, hbBuffer)
        }
    }

    /// The factor a glyph image of this face is scaled by when drawn at `pixelSize` (pt × scale): 1 for
    /// outlines, `pixelSize ÷ strike size` for a colour bitmap font, whose strike is chosen for that size.
    package func imageScale(pixelSize: Double) -> Double {
        guard isColorBitmap else { return 1 }
        return withSize(pixelSize) { _ in strikePixelSize.map { $0 > 0 ? pixelSize / $0 : 1 } ?? 1 }
    }

    /// The strike's pixel size in pt·scale units (for scaling colour bitmaps), or nil for outline fonts.
    var strikePixelSize: Double? {
        guard isColorBitmap, let metrics = face.pointee.size?.pointee.metrics else { return nil }
        return Double(metrics.y_ppem)
    }

    private func bestStrike(for pixelSize: Double) -> Int {
        let count = Int(face.pointee.num_fixed_sizes)
        var best = 0
        var bestDistance = Double.infinity
        for i in 0..<count {
            let ppem = Double(face.pointee.available_sizes[i].y_ppem) / 64
            // Prefer strikes at least as large (downscaling looks better), then the closest.
            let distance = ppem >= pixelSize ? ppem - pixelSize : (pixelSize - ppem) * 1000
            if distance < bestDistance { bestDistance = distance; best = i }
        }
        return best
    }
}
