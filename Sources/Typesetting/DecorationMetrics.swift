import CFreeType

/// Where a face puts its underline and strikethrough, pt at a point size (y up from the baseline, as the tables).
package struct DecorationMetrics: Hashable, Sendable {
    /// The underline's centre: `post.underlinePosition` (its top) − half its thickness, as FreeType reports it.
    package var underlineCenter: Double
    /// `post.underlineThickness`.
    package var underlineThickness: Double
    /// The strikethrough's centre: `OS/2.yStrikeoutPosition` (its top) − half `yStrikeoutSize`.
    package var strikethroughCenter: Double
    /// `OS/2.yStrikeoutSize`.
    package var strikethroughThickness: Double
}

extension FontFace {
    /// The face's underline (`post`) and strikethrough (`OS/2`) at `pointSize`, unrounded. A face without them
    /// (a bitmap face, a zero thickness) takes an underline of em/14 at −em/10 and a strikethrough of the same
    /// thickness at 0.3 em (the middle of a Latin x-height).
    package func decorationMetrics(pointSize: Double) -> DecorationMetrics {
        let em = Double(unitsPerEm), scale = pointSize / em
        let f = face.pointee
        var underlineThickness = Double(f.underline_thickness), underlineCenter = Double(f.underline_position)
        if underlineThickness <= 0 { underlineThickness = em / 14; underlineCenter = -em / 10 }
        var strikeSize = underlineThickness, strikeTop = 0.3 * em + strikeSize / 2
        if let table = FT_Get_Sfnt_Table(face, FT_SFNT_OS2) {
            let os2 = table.assumingMemoryBound(to: TT_OS2.self).pointee
            if os2.version != 0xFFFF, os2.yStrikeoutSize > 0 {
                strikeSize = Double(os2.yStrikeoutSize); strikeTop = Double(os2.yStrikeoutPosition)
            }
        }
        return DecorationMetrics(underlineCenter: underlineCenter * scale, underlineThickness: underlineThickness * scale,
                                 strikethroughCenter: (strikeTop - strikeSize / 2) * scale, strikethroughThickness: strikeSize * scale)
    }
}
