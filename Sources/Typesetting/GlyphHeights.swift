import CFreeType

extension FontFace {
    /// The face's cap height and x-height at `pointSize`, pt (`OS/2.sCapHeight`, `OS/2.sxHeight`, as
    /// `UIFont.capHeight` and `xHeight`), scaled as its outlines are drawn (× the size adjustment). A face without
    /// them (an OS/2 table before version 2, a bitmap face) takes the height of its "H" and "x" outlines, 0 without.
    package func glyphHeights(pointSize: Double) -> (capHeight: Double, xHeight: Double) {
        let scale = pointSize * sizeAdjust / Double(unitsPerEm)
        // Under the face's lock (any size: FT_LOAD_NO_SCALE reads design units).
        return withSize(Double(unitsPerEm)) { _ in
            let ftFace = face
            var cap = 0.0, x = 0.0
            if let table = FT_Get_Sfnt_Table(ftFace, FT_SFNT_OS2) {
                let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
                if os2.version != 0xFFFF, os2.version >= 2 { cap = Double(os2.sCapHeight); x = Double(os2.sxHeight) }
            }
            func outlineTop(_ scalar: Character) -> Double {
                guard let v = scalar.unicodeScalars.first?.value, FT_Get_Char_Index(ftFace, FT_ULong(v)) != 0,
                      FT_Load_Char(ftFace, FT_ULong(v), Int32(FT_LOAD_NO_SCALE)) == 0 else { return 0 }
                return Double(ftFace.pointee.glyph.pointee.metrics.horiBearingY)
            }
            if cap <= 0 { cap = outlineTop("H") }
            if x <= 0 { x = outlineTop("x") }
            return (cap * scale, x * scale)
        }
    }
}
