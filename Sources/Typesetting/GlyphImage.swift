import CFreeType

/// A rasterised glyph, ready to composite: either 8-bit coverage or premultiplied BGRA (colour emoji).
package struct GlyphImage: Sendable {
    package enum Pixels: Sendable {
        /// Coverage 0…255, row-major, `width` bytes a row.
        case coverage([UInt8])
        /// Premultiplied BGRA, row-major, `width × 4` bytes a row.
        case premultipliedBGRA([UInt8])
    }
    package var width: Int
    package var height: Int
    /// Offset from the pen position to the image's left edge, px (FreeType's `bitmap_left`).
    package var left: Int
    /// Offset from the baseline up to the image's top row, px (FreeType's `bitmap_top`).
    package var top: Int
    package var pixels: Pixels

    static let empty = GlyphImage(width: 0, height: 0, left: 0, top: 0, pixels: .coverage([]))
}

struct GlyphKey: Hashable {
    var glyphID: UInt32
    var pixelSize26_6: Int
    /// Horizontal phase in quarter pixels (0…3): glyph origins are quantised to ¼ px (docs/fonts.md, Rasterisation).
    var phase: Int
}

extension FontFace {
    /// The glyph rendered unhinted with grayscale anti-aliasing at `pixelSize` (pt × scale), its origin
    /// shifted right by `phase`/4 px. Colour bitmap glyphs are scaled by `imageScale` with an area filter.
    /// Failures (a glyph FreeType cannot load) give an empty image: a missing glyph must not stop a render.
    package func glyphImage(_ glyphID: UInt32, pixelSize: Double, phase: Int, imageScale: Double) -> GlyphImage {
        withSize(pixelSize) { state in
            let key = GlyphKey(glyphID: glyphID, pixelSize26_6: Int((pixelSize * 64).rounded()), phase: phase & 3)
            if let hit = state.glyphCache[key] { return hit }
            let image = isColorBitmap ? renderColor(glyphID, imageScale: imageScale) : renderOutline(glyphID, phase: phase & 3)
            // Bounded by bytes as well as entries: huge glyphs (a 10000 pt font) are not kept at all.
            let bytes: Int
            switch image.pixels {
            case .coverage(let c): bytes = c.count
            case .premultipliedBGRA(let c): bytes = c.count
            }
            guard bytes <= FontFace.glyphCacheByteLimit / 16 else { return image }
            if state.glyphCache.count >= 4096 || state.glyphCacheBytes + bytes > FontFace.glyphCacheByteLimit {
                state.glyphCache.removeAll(keepingCapacity: true)
                state.glyphCacheBytes = 0
            }
            state.glyphCache[key] = image
            state.glyphCacheBytes += bytes
            return image
        }
    }

    private func renderOutline(_ glyphID: UInt32, phase: Int) -> GlyphImage {
        guard FT_Load_Glyph(face, glyphID, FontFace.outlineLoadFlags) == 0, let slot = face.pointee.glyph else { return .empty }
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE, phase != 0 {
            FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 16), 0)
        }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return .empty }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows), pitch = Int(bm.pitch)
        guard w > 0, h > 0, let buffer = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else {
            return GlyphImage(width: 0, height: 0, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), pixels: .coverage([]))
        }
        var coverage = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            let row = pitch >= 0 ? y * pitch : (h - 1 - y) * -pitch
            for x in 0..<w { coverage[y * w + x] = buffer[row + x] }
        }
        return GlyphImage(width: w, height: h, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
                          pixels: .coverage(coverage))
    }

    private func renderColor(_ glyphID: UInt32, imageScale: Double) -> GlyphImage {
        guard FT_Load_Glyph(face, glyphID, FontFace.colorLoadFlags) == 0, let slot = face.pointee.glyph else { return .empty }
        let bm = slot.pointee.bitmap
        let w = Int(bm.width), h = Int(bm.rows), pitch = Int(bm.pitch)
        guard w > 0, h > 0, let buffer = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else { return .empty }
        let s = max(imageScale, 1e-3)
        let tw = max(1, Int((Double(w) * s).rounded())), th = max(1, Int((Double(h) * s).rounded()))
        var out = [UInt8](repeating: 0, count: tw * th * 4)
        // Area average over the source box of each target pixel (premultiplied, so averaging is exact).
        for ty in 0..<th {
            let sy0 = ty * h / th, sy1 = max(sy0 + 1, (ty + 1) * h / th)
            for tx in 0..<tw {
                let sx0 = tx * w / tw, sx1 = max(sx0 + 1, (tx + 1) * w / tw)
                var acc = (0, 0, 0, 0), n = 0
                for sy in sy0..<min(sy1, h) {
                    for sx in sx0..<min(sx1, w) {
                        let i = sy * pitch + sx * 4
                        acc.0 += Int(buffer[i]); acc.1 += Int(buffer[i + 1]); acc.2 += Int(buffer[i + 2]); acc.3 += Int(buffer[i + 3])
                        n += 1
                    }
                }
                let o = (ty * tw + tx) * 4
                if n > 0 {
                    out[o] = UInt8((acc.0 + n / 2) / n); out[o + 1] = UInt8((acc.1 + n / 2) / n)
                    out[o + 2] = UInt8((acc.2 + n / 2) / n); out[o + 3] = UInt8((acc.3 + n / 2) / n)
                }
            }
        }
        return GlyphImage(width: tw, height: th,
                          left: Int((Double(slot.pointee.bitmap_left) * s).rounded()),
                          top: Int((Double(slot.pointee.bitmap_top) * s).rounded()),
                          pixels: .premultipliedBGRA(out))
    }
}
