import CICU

/// Segmentation (ICU, read ahead of the frontier in steps) and the face chosen for each cluster.
extension LazyShapedText {
    // MARK: Segmentation

    /// Reads grapheme boundaries from ICU until one at or beyond `offset` is known.
    func scanGraphemes(through offset: Int) throws {
        let n = utf16.count
        while graphemesScanned < min(offset, n) {
            let from = graphemesScanned, to = min(n, max(offset, from + 256))
            var out = [Int32](repeating: 0, count: to - from + 1)
            let count = out.withUnsafeMutableBufferPointer { o in
                utf16.withUnsafeBufferPointer {
                    lsicu_grapheme_breaks_from($0.baseAddress, Int32(n), Int32(from), Int32(to), o.baseAddress, Int32(o.count))
                }
            }
            guard count > 0 else { throw TypesettingError.lineBreakingFailed }
            for i in 0..<Int(count) { pendingGraphemes.append(Int(out[i])) }
            graphemesScanned = Int(out[Int(count) - 1])
            if graphemesScanned >= n { readToEnd = true }
        }
    }

    /// Reads break opportunities from ICU until one at or beyond `offset` is known.
    func scanBreaks(through offset: Int) throws {
        let n = utf16.count
        while breaksScanned < min(offset, n) {
            let from = breaksScanned, to = min(n, max(offset, from + 256))
            var out = [Int32](repeating: 0, count: to - from + 1)
            var hard = [UInt8](repeating: 0, count: to - from + 1)
            let count = out.withUnsafeMutableBufferPointer { o in
                hard.withUnsafeMutableBufferPointer { h in
                    utf16.withUnsafeBufferPointer {
                        lsicu_line_breaks_from($0.baseAddress, Int32(n), Int32(from), Int32(to), o.baseAddress, h.baseAddress, Int32(o.count))
                    }
                }
            }
            guard count > 0 else { throw TypesettingError.lineBreakingFailed }
            for i in 0..<Int(count) {
                let offset = Int(out[i]), mandatory = hard[i] != 0
                if keepHangulWords, !mandatory, offset < n, offset > 0,
                   TextSegmentation.isHangul(utf16[offset]), TextSegmentation.isHangul(utf16[offset - 1]) { continue }
                pendingBreaks.append(TextSegmentation.Break(offset: offset, isMandatory: mandatory))
            }
            breaksScanned = Int(out[Int(count) - 1])
            if breaksScanned >= n { readToEnd = true }
        }
    }

    // MARK: Fallback

    func face(_ i: Int) -> FontFace? {
        if !triedFaces[i] {
            triedFaces[i] = true
            // A fallback that is not installed is skipped, not fatal: the primary font decides.
            loadedFaces[i] = try? FontFace.load(chain[i])
        }
        return loadedFaces[i]
    }

    /// The first face of font run `run`'s chain that maps every code point of the cluster (docs/fonts.md,
    /// Fallback), as an index into `chain`; the run's primary face and the uncovered code points when none does.
    /// Plain text is one run over the whole chain. A cluster of one BMP unit (most clusters) is looked up in the
    /// chain's process-wide `FaceChoiceCache` first; uncovered units are not cached (their code points are
    /// reported each time). `order` and `cache` are `runChains[run]` and `runCaches[run]`, taken once per step by
    /// the caller (taking them here, once per cluster, retained and released them for every character).
    func chooseFace(_ cluster: Range<Int>, run: Int, order: [Int], cache: FaceChoiceCache) -> (face: Int, missing: [Unicode.Scalar]) {
        let first = utf16[cluster.lowerBound]
        if cluster.count == 1, !UTF16.isLeadSurrogate(first), !UTF16.isTrailSurrogate(first),
           let scalar = Unicode.Scalar(first) {
            if let known = cache.face(for: first), known < order.count { return (order[known], []) }
            let choice = chooseRunFace(scalars: [scalar], run: run)
            if choice.missing.isEmpty { cache.remember(choice.local, for: first) }
            return (order[choice.local], choice.missing)
        }
        let choice = chooseRunFace(scalars: Shaper.scalars(utf16[cluster]), run: run)
        return (order[choice.local], choice.missing)
    }

    /// The first face of run `run`'s chain (an index into it) that maps every code point; emoji presentation
    /// (U+FE0F, or an Emoji_Presentation character) asks for the colour fonts first.
    func chooseRunFace(scalars: [Unicode.Scalar], run: Int) -> (local: Int, missing: [Unicode.Scalar]) {
        if scalars.allSatisfy(Shaper.needsNoGlyph) { return (0, []) }
        let order = runChains[run]
        let wantsEmoji = scalars.contains { $0.value == 0xFE0F || $0.properties.isEmojiPresentation }
        if wantsEmoji, runEmojiOrders[run] == nil {
            runEmojiOrders[run] = order.indices.filter { face(order[$0])?.isColorBitmap == true }
                + order.indices.filter { face(order[$0])?.isColorBitmap != true }
        }
        for k in 0..<order.count {
            let local = wantsEmoji ? runEmojiOrders[run]![k] : k
            guard let f = face(order[local]) else { continue }
            if scalars.allSatisfy({ Shaper.needsNoGlyph($0) || f.hasGlyph(for: $0) }) { return (local, []) }
        }
        let primary = face(order[0])
        return (0, scalars.filter { !Shaper.needsNoGlyph($0) && primary?.hasGlyph(for: $0) != true })
    }
}
