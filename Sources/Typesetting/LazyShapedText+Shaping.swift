import CHarfBuzz

/// Shaping (HarfBuzz, a window at a time) and committing what was shaped up to the new frontier.
extension LazyShapedText {
    // MARK: Shaping

    /// One step: the clusters from the frontier that share its face and bidi level, up to the window; shaped
    /// whole when the run ends inside the window, else cut at a safe cluster start (the window doubles when it
    /// holds none).
    func step() throws {
        let n = utf16.count, start = frontier
        var size = window
        // With font runs: the run holding the frontier ends the clusters shaped together (a cluster belongs to the
        // run its first unit is in); an attachment is committed without shaping.
        var runEnd = n, run = 0
        if !fontRuns.isEmpty {
            while runCursor + 1 < fontRuns.count, fontRuns[runCursor + 1].range.lowerBound <= start { runCursor += 1 }
            run = runCursor
            runEnd = min(n, fontRuns[run].range.upperBound)
            if let advance = fontRuns[run].attachmentAdvance { return try commitAttachment(advance, upTo: runEnd) }
        }
        while true {
            let target = min(n, start + size)
            try scanGraphemes(through: target)
            var clusters: [(range: Range<Int>, face: Int, missing: [Unicode.Scalar])] = []
            clusters.reserveCapacity(min(target - start, pendingGraphemes.count - pendingGraphemesHead) + 1)
            var runFace = 0, runLevel: UInt8 = 0, end = start, runEnds = false
            var g = pendingGraphemesHead
            let runOrder = runChains[run], runCache = runCaches[run]
            while g < pendingGraphemes.count {
                let b = pendingGraphemes[g]
                if end >= runEnd, !clusters.isEmpty { runEnds = true; break }
                try resolveBidi(through: end)
                let (face, missing) = chooseFace(end..<b, run: run, order: runOrder, cache: runCache)
                let level = levels[end]
                if clusters.isEmpty { runFace = face; runLevel = level } else if face != runFace || level != runLevel { runEnds = true; break }
                if end >= target { break }   // one cluster looked at beyond the window: the run goes on
                clusters.append((end..<b, face, missing))
                end = b
                g += 1
                if g == pendingGraphemes.count, end < n { try scanGraphemes(through: end + 1) }
            }
            if end >= n { runEnds = true }
            let script = continuingRunScript ?? runScript(start..<end)
            if script == nil, !runEnds { size *= 2; continue }   // no script yet: HarfBuzz would look further
            guard let f = face(runFace) else { throw TypesettingError.lineBreakingFailed }
            let rightToLeft = runLevel & 1 == 1
            if runEnds {
                let shaped = shape(start..<end, face: f, faceIndex: runFace, rightToLeft: rightToLeft,
                                   script: script ?? HB_SCRIPT_INVALID, partial: false)
                try commit(shaped.glyphs, through: end, clusters: clusters)
                continuingRunScript = nil
                return
            }
            let shaped = shape(start..<end, face: f, faceIndex: runFace, rightToLeft: rightToLeft,
                               script: script ?? HB_SCRIPT_INVALID, partial: true)
            let boundaries = Set(clusters.map(\.range.lowerBound))
            var cut: Int?
            var i = shaped.glyphs.count - 1
            while i > 0 {
                let c = shaped.glyphs[i].cluster
                var j = i
                var safe = true
                while j >= 0, shaped.glyphs[j].cluster == c { safe = safe && !shaped.unsafe[j]; j -= 1 }
                if safe, c > start, c <= end - LazyShapedText.margin, boundaries.contains(c) { cut = c; break }
                i = j
            }
            guard let cut else { size *= 2; continue }
            try commit(Array(shaped.glyphs.prefix { $0.cluster < cut }), through: cut,
                   clusters: clusters.filter { $0.range.upperBound <= cut })
            continuingRunScript = script
            return
        }
    }

    /// HarfBuzz's guess for a run (`hb_buffer_guess_segment_properties`): the script of its first code point
    /// that is not Common, Inherited or Unknown; nil when there is none in `range`.
    func runScript(_ range: Range<Int>) -> hb_script_t? {
        let funcs = hb_unicode_funcs_get_default()
        var i = range.lowerBound
        while i < range.upperBound {
            let u = utf16[i]
            var value = UInt32(u)
            if UTF16.isLeadSurrogate(u), i + 1 < range.upperBound, UTF16.isTrailSurrogate(utf16[i + 1]) {
                value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(utf16[i + 1]) - 0xDC00)
                i += 1
            } else if UTF16.isLeadSurrogate(u) || UTF16.isTrailSurrogate(u) {
                value = 0xFFFD
            }
            i += 1
            let script = hb_unicode_script(funcs, value)
            if script != HB_SCRIPT_COMMON, script != HB_SCRIPT_INHERITED, script != HB_SCRIPT_UNKNOWN { return script }
        }
        return nil
    }

    /// Shapes `range` with HarfBuzz in font units, with up to 16 units of context on each side (HarfBuzz reads 5
    /// code points); glyphs in logical order, lengths in em, and (when `partial`; else empty) whether each is
    /// unsafe to break or concat at.
    func shape(_ range: Range<Int>, face: FontFace, faceIndex: Int, rightToLeft: Bool, script: hb_script_t,
                       partial: Bool) -> (glyphs: [ShapedGlyph], unsafe: [Bool]) {
        shapedLength += range.count
        let base = max(0, range.lowerBound - 16), limit = min(utf16.count, range.upperBound + 16)
        if limit >= utf16.count { readToEnd = true }   // HarfBuzz saw the end (its context stops there)
        return utf16.withUnsafeBufferPointer { whole in
            let source = UnsafeBufferPointer(rebasing: whole[base..<limit])
            // Control characters are not drawn (UIKit draws no box for them): HarfBuzz sees a tab as a space and
            // other C0/C1 controls as U+200B, which it makes invisible. Both are one UTF-16 unit. Most text has
            // none and is handed to HarfBuzz where it lies.
            var mapped: [UInt16] = []
            if source.contains(where: LazyShapedText.isControl) {
                mapped = source.map { $0 == 0x09 ? 0x20 : LazyShapedText.isControl($0) ? 0x200B : $0 }
            }
            return face.withShapingFont { hbFont, buffer in
                let add = { (units: UnsafeBufferPointer<UInt16>) in
                    hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), UInt32(range.lowerBound - base), Int32(range.count))
                }
                if mapped.isEmpty { add(source) } else { mapped.withUnsafeBufferPointer(add) }
                hb_buffer_set_script(buffer, script)   // as guessed for the whole run
                hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
                // Language-independent shaping: results must not depend on the process locale.
                hb_buffer_set_language(buffer, LazyShapedText.undeterminedLanguage)
                if partial { hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT) }
                (fontRuns.isEmpty ? features : runFeatures[fontRuns.index(containing: range.lowerBound)]).withUnsafeBufferPointer { hb_shape(hbFont, buffer, $0.baseAddress, UInt32($0.count)) }
                var count: UInt32 = 0
                guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                      let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return ([], []) }
                let n = Int(count), em = Double(face.unitsPerEm) / face.sizeAdjust   // size-adjust scales advances
                // Written in logical order: a right-to-left run's glyphs come from HarfBuzz in visual order.
                var glyphs = [ShapedGlyph](unsafeUninitializedCapacity: n) { out, initialized in
                    for i in 0..<n {
                        out.baseAddress!.advanced(by: rightToLeft ? n - 1 - i : i).initialize(to: ShapedGlyph(
                            faceIndex: faceIndex, glyphID: infos[i].codepoint, cluster: Int(infos[i].cluster) + base,
                            advance: Double(positions[i].x_advance) / em,
                            xOffset: Double(positions[i].x_offset) / em,
                            yOffset: Double(positions[i].y_offset) / em))
                    }
                    initialized = n
                }
                // A face's own tracking (the system font's, by point size) after each cluster's last glyph, as `kern`.
                let size = fontRuns.isEmpty ? basePointSize : fontRuns[fontRuns.index(containing: range.lowerBound)].font.pointSize
                let tracking = face.tracking(atPointSize: size)
                if tracking != 0 {
                    for i in glyphs.indices where i + 1 == n || glyphs[i + 1].cluster != glyphs[i].cluster { glyphs[i].advance += tracking }
                }
                guard partial else { return (glyphs, []) }
                let unsafeFlags = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue | HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue
                let unsafe = [Bool](unsafeUninitializedCapacity: n) { out, initialized in
                    for i in 0..<n {
                        out[rightToLeft ? n - 1 - i : i] = hb_glyph_info_get_glyph_flags(infos + i).rawValue & unsafeFlags != 0
                    }
                    initialized = n
                }
                return (glyphs, unsafe)
            }
        }
    }

    /// `Font.features` as HarfBuzz features over the whole buffer, sorted by tag (one order for one set).
    /// - Throws: `TypesettingError.invalidFontFeature` for a key that is not a tag of 1 to 4 printable ASCII
    ///   characters; `TypesettingError.invalidFontFeatureValue` for a value outside 0 … `UInt32.max`.
    static func hbFeatures(_ features: [String: Int]) throws -> [hb_feature_t] {
        guard !features.isEmpty else { return [] }
        return try features.sorted { $0.key < $1.key }.map { tag, value in
            let bytes = Array(tag.utf8)
            guard (1...4).contains(bytes.count), bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw TypesettingError.invalidFontFeature(tag) }
            guard value >= 0, value <= Int(UInt32.max) else { throw TypesettingError.invalidFontFeatureValue(tag: tag, value: value) }
            return hb_feature_t(tag: hb_tag_from_string(tag, Int32(bytes.count)), value: UInt32(value),
                                start: 0, end: UInt32.max)
        }
    }

    /// A C0 or C1 control character (the tab included): HarfBuzz is given another character for it.
    static func isControl(_ u: UInt16) -> Bool { u < 0x20 || (u >= 0x7F && u <= 0x9F) }

    /// "und": language-independent shaping, looked up once (`hb_language_from_string` searches a list).
    nonisolated(unsafe) static let undeterminedLanguage = hb_language_from_string("und", -1)

    /// Makes `[frontier, end)` final: glyphs, advances, cluster starts, tabs, uncovered clusters, and the
    /// grapheme boundaries and break opportunities up to `end` that fall on a glyph cluster's start.
    func commit(_ shapedGlyphs: [ShapedGlyph], through end: Int,
                        clusters: [(range: Range<Int>, face: Int, missing: [Unicode.Scalar])], scaled: Bool = true) throws {
        let start = frontier
        let newGlyphs = fontRuns.isEmpty || !scaled ? shapedGlyphs : inBaseEms(shapedGlyphs, run: fontRuns.index(containing: start))
        // Local arrays, moved out and back: no copy, and no exclusivity check per element in debug builds.
        var starts = startsCluster, prefix = advancePrefix
        startsCluster = []; advancePrefix = []
        var sums = [Double](repeating: 0, count: end - start)
        starts += [Bool](repeating: false, count: end - start)
        for g in newGlyphs { sums[g.cluster - start] += g.advance; starts[g.cluster] = true }
        starts[end] = true
        for i in 0..<(end - start) { prefix.append(sums[i] + prefix[start + i]) }
        glyphs += newGlyphs
        for i in start..<end where utf16[i] == 0x09 { tabOffsets.append(i) }
        for c in clusters where !c.missing.isEmpty { missingClusters.append(MissingCluster(offset: c.range.lowerBound, scalars: c.missing)) }
        frontier = end
        if end >= utf16.count { readToEnd = true }
        var boundaries = graphemes
        graphemes = []
        while pendingGraphemesHead < pendingGraphemes.count, pendingGraphemes[pendingGraphemesHead] <= end {
            let b = pendingGraphemes[pendingGraphemesHead]
            if starts[b] { boundaries.append(b) }
            pendingGraphemesHead += 1
        }
        graphemes = boundaries
        // The break scan runs with the frontier (it only ever needs offsets up to it).
        try scanBreaks(through: end)
        var opportunities = breaks, offsets = breakOffsets
        breaks = []; breakOffsets = []
        while pendingBreaksHead < pendingBreaks.count, pendingBreaks[pendingBreaksHead].offset <= end {
            let b = pendingBreaks[pendingBreaksHead]
            if starts[b.offset] { opportunities.append(b); offsets.append(b.offset) }
            pendingBreaksHead += 1
        }
        breaks = opportunities; breakOffsets = offsets
        startsCluster = starts; advancePrefix = prefix
        if pendingGraphemesHead > 4096 { pendingGraphemes.removeFirst(pendingGraphemesHead); pendingGraphemesHead = 0 }
        if pendingBreaksHead > 4096 { pendingBreaks.removeFirst(pendingBreaksHead); pendingBreaksHead = 0 }
    }
}

extension LazyShapedText {
    /// A font run's glyphs in ems of `basePointSize`: advances and offsets × its size ÷ the base size, and the run's
    /// `extraAdvance` (kern, tracking) after the last glyph of each glyph cluster.
    func inBaseEms(_ glyphs: [ShapedGlyph], run: Int) -> [ShapedGlyph] {
        let r = fontRuns[run], factor = r.font.pointSize / basePointSize, extra = r.extraAdvance / basePointSize
        var out = glyphs
        for i in out.indices {
            out[i].advance *= factor; out[i].xOffset *= factor; out[i].yOffset *= factor
            if extra != 0, i + 1 == out.count || out[i + 1].cluster != out[i].cluster { out[i].advance += extra }
        }
        return out
    }

    /// An attachment run (U+FFFC): each grapheme cluster up to `end` is one glyph of no face (`glyphID` 0 of
    /// face 0, not drawn), `advance` pt wide, at the level of its bidi run.
    func commitAttachment(_ advance: Double, upTo end: Int) throws {
        let start = frontier
        try scanGraphemes(through: end)
        var clusters: [(range: Range<Int>, face: Int, missing: [Unicode.Scalar])] = []
        var glyphs: [ShapedGlyph] = []
        var from = start
        var g = pendingGraphemesHead
        while from < end, g < pendingGraphemes.count {
            let b = pendingGraphemes[g]
            try resolveBidi(through: from)
            clusters.append((from..<b, 0, []))
            glyphs.append(ShapedGlyph(faceIndex: 0, glyphID: 0, cluster: from, advance: advance / basePointSize, xOffset: 0, yOffset: 0))
            from = b
            g += 1
        }
        try commit(glyphs, through: max(from, start + 1), clusters: clusters, scaled: false)
    }
}

extension Array where Element == ShapedGlyph {
    /// Indices of the glyphs whose cluster lies in `range` (glyphs in logical order, clusters non-decreasing),
    /// by binary search.
    package func indices(ofClustersIn range: Range<Int>) -> Range<Int> {
        let lo = partitionPoint { $0.cluster >= range.lowerBound }
        let hi = partitionPoint { $0.cluster >= range.upperBound }
        return lo..<Swift.max(lo, hi)
    }
}
