import Foundation
import Imaging
import Typesetting

/// Places broken lines in the text rect (docs/layout-rules.md, Drawing): the baseline of each line, its x by
/// alignment, justification, and every glyph at its pixel position in visual order.
struct LineDrawer {
    let label: PaddedLabel
    /// The engine of the drawn text (shrunk, if the font size was adjusted to fit).
    let engine: LineLayout
    /// The engine at the label's own font size: it sets the line boxes and baselines.
    let original: LineLayout
    let rect: CGRect
    let lineCount: Int
    /// The measured lines (attributed text stacks them by their own boxes).
    let measured: MeasuredText
    /// Attributed text: the baseline of each measured line, pt, before it is put on the pixel grid: the block
    /// centred in the text rect, each line's baseline its box's below the box's top (summed once here, not again
    /// for every line drawn).
    private let richBaselines: [CGFloat]

    init(label: PaddedLabel, engine: LineLayout, original: LineLayout, rect: CGRect, lineCount: Int, measured: MeasuredText) {
        self.label = label
        self.engine = engine
        self.original = original
        self.rect = rect
        self.lineCount = lineCount
        self.measured = measured
        var baselines: [CGFloat] = []
        if let rich = engine.rich {
            baselines.reserveCapacity(measured.lines.count)
            var top = rect.minY + (rect.height - measured.size.height) / 2
            for line in measured.lines {
                let box = line.box ?? LineBox(height: engine.lineHeight, baselineFromTop: engine.metrics.ascender)
                baselines.append(top + box.baselineFromTop)
                top += box.height + line.spacingAfter
            }
            if measured.lines.count == 1, engine.pointSize != original.pointSize, let shrunk = measured.lines[0].box {
                baselines[0] = Self.shrunkBaseline(shrunk, original: original.lineBox(measured.lines[0], style: rich.style(forParagraphAt: 0), rich: rich),
                                                   in: rect, adjustment: label.baselineAdjustment)
            }
        }
        richBaselines = baselines
    }

    /// A shrunk single attributed line, as a plain one: placed in the box its runs have at the original size
    /// (centred in the text rect) by `baselineAdjustment` — the original baseline, the shrunk box's centre on the
    /// original's, or its top on the original's top.
    static func shrunkBaseline(_ shrunk: LineBox, original: LineBox, in rect: CGRect, adjustment: BaselineAdjustment) -> CGFloat {
        let top = rect.minY + (rect.height - original.height) / 2
        switch adjustment {
        case .alignBaselines: return top + original.baselineFromTop
        case .alignCenters: return top + (original.height - shrunk.height) / 2 + shrunk.baselineFromTop
        case .none: return top + shrunk.baselineFromTop
        }
    }

    private var scale: CGFloat { label.scale }
    private var shaped: LazyShapedText { engine.text }

    /// The line's rect, text and glyphs.
    func draw(_ line: BrokenLine, index: Int, decorations: inout [TextLayout.Decoration],
              attachments: inout [TextLayout.PlacedAttachment]) throws -> (TextLayout.Line, [TextLayout.Glyph]) {
        if let rich = engine.rich { return try drawRich(line, index: index, rich: rich, decorations: &decorations, attachments: &attachments) }
        let baseline = self.baseline(ofLine: index)
        let content = try logicalContent(of: line)
        let rightToLeft = content.paragraphLevel & 1 == 1
        var x = originX(width: line.width, rightToLeft: rightToLeft)
        var width = line.width
        let extraPerSpace = justification(line, spaces: content.spaceCount)
        if extraPerSpace > 0 { x = rect.minX; width = rect.width }
        let glyphs = try position(content.items, x: x, baseline: baseline, extraPerSpace: extraPerSpace)
        // The box of the drawn text: the drawn font's line height, from its ascender above the baseline.
        let lineRect = CGRect(x: x, y: baseline - baselineOffset(engine), width: width, height: engine.lineHeight)
        return (TextLayout.Line(text: content.text, range: content.range, rect: lineRect, baseline: baseline,
                                pieces: line.pieces, isRightToLeft: rightToLeft), glyphs)
    }

    // MARK: Vertical

    /// The engine whose line boxes stack the lines: the original size's (a shrunk single line keeps the
    /// original box and is placed in it by `baselineAdjustment`), or the shrunk one for multi-line text.
    private var boxes: LineLayout { lineCount > 1 ? engine : original }

    /// From the top of a line box to its baseline: the extra height of `lineHeightMultiple` goes above the text.
    private func baselineOffset(_ e: LineLayout) -> CGFloat {
        e.metrics.ascender + (e.lineHeight - e.metrics.lineHeight)
    }

    /// Baseline of line `i`, on the pixel grid: the block of lines is centred vertically in the text rect.
    private func baseline(ofLine i: Int) -> CGFloat {
        let blockTop = rect.minY + (rect.height - boxes.blockHeight(lines: lineCount)) / 2
        let pitch = boxes.lineHeight + label.lineSpacing
        var y = blockTop + baselineOffset(boxes) + CGFloat(i) * pitch
        if lineCount == 1, engine.pointSize != original.pointSize {
            switch label.baselineAdjustment {
            case .alignBaselines: break
            case .alignCenters: y = blockTop + (original.lineHeight - engine.lineHeight) / 2 + baselineOffset(engine)
            case .none: y = blockTop + baselineOffset(engine)
            }
        }
        return (y * scale).rounded() / scale
    }

    // MARK: Horizontal

    /// x of a line of `width` by the label's alignment. `.natural` (and a `.justified` line left unjustified)
    /// follows `layoutDirection` when it is set, as `UILabel`'s natural alignment follows the view's layout
    /// direction whatever the text; else the line's paragraph direction (docs/layout-rules.md, Bidi).
    private func originX(width: CGFloat, rightToLeft: Bool, alignment: TextAlignment? = nil, in rect: CGRect? = nil) -> CGFloat {
        let rect = rect ?? self.rect
        switch alignment ?? label.textAlignment {
        case .left: return rect.minX
        case .right: return rect.maxX - width
        case .center: return rect.minX + (rect.width - width) / 2
        case .natural, .justified:
            let alignsRight = label.layoutDirection.map { $0 == .rightToLeft } ?? rightToLeft
            return alignsRight ? rect.maxX - width : rect.minX
        }
    }

    /// Justified: the slack spread over the line's interior spaces (pt each), except on a paragraph's last line
    /// and on truncated lines; 0 otherwise.
    private func justification(_ line: BrokenLine, spaces: Int, alignment: TextAlignment? = nil, width: CGFloat? = nil) -> CGFloat {
        let width = width ?? rect.width
        guard (alignment ?? label.textAlignment) == .justified, !line.endsParagraph, line.pieces.count == 1, spaces > 0,
              width > line.width else { return 0 }
        return (width - line.width) / CGFloat(spaces)
    }

    // MARK: Glyphs

    /// A glyph to draw, in logical order, with its bidi level and whether it is a justifiable space.
    private struct Item {
        var glyph: ShapedGlyph
        var level: UInt8
        var isSpace: Bool
        /// A tab's advance in points (to its tab stop), kept in points: as em (÷ point size) it overflowed to
        /// infinity for a subnormal point size (fuzz regression crash-8340…).
        var tabAdvance: Double? = nil
        /// Attributed text: the item's run, and the face of an ellipsis glyph (shaped in its run's chain).
        var run: Int = 0
        var face: FontFile? = nil
    }

    /// The line's drawn glyphs in logical order (trailing white space is not drawn), its text and range.
    private func logicalContent(of line: BrokenLine) throws -> (items: [Item], text: String, range: Range<Int>,
                                                                paragraphLevel: UInt8, spaceCount: Int) {
        let utf16 = shaped.utf16
        let firstOffset = line.pieces.lazy.compactMap { if case .text(let r) = $0 { return r.lowerBound } else { return nil } }.first ?? 0
        let paragraphLevel: UInt8 = firstOffset < utf16.count ? try shaped.paragraphLevel(at: firstOffset)
            : (label.layoutDirection ?? (Bidi.firstStrongDirection(label.text) == .rightToLeft ? .rightToLeft : .leftToRight)) == .rightToLeft ? 1 : 0
        var items: [Item] = []
        items.reserveCapacity(line.pieces.reduce(0) { n, piece in
            if case .text(let r) = piece { return n + r.count } else { return n + engine.ellipsis.glyphs.count }
        })
        // Tabs reach their stops in the piece that starts the line (after an ellipsis they stay spaces).
        var tabs: [Int: CGFloat] = [:]
        if case .text(let r)? = line.pieces.first { tabs = try engine.tabWidths(in: r) }
        var text = ""
        var first = Int.max, last = 0
        // Justifiable spaces, by cluster: glyphs come in logical order, so a space cluster's glyphs are adjacent.
        var spaces = 0, lastSpace = -1
        for piece in line.pieces {
            switch piece {
            case .text(let r):
                let end = TextSegmentation.trimmingTrailingWhitespace(r, in: utf16).upperBound
                var run = engine.rich?.runIndex(at: r.lowerBound) ?? 0
                // Attribute runs (colour, decorations), which may split one shaped font run.
                let runs = engine.rich?.runs ?? []
                for g in shaped.glyphs[try shaped.glyphIndices(r.lowerBound..<end)] {
                    let isSpace = utf16[g.cluster] == 0x20 || utf16[g.cluster] == 0x3000
                    if isSpace, g.cluster != lastSpace { spaces += 1; lastSpace = g.cluster }
                    while run + 1 < runs.count, runs[run + 1].range.lowerBound <= g.cluster { run += 1 }
                    items.append(Item(glyph: g, level: shaped.levels[g.cluster], isSpace: isSpace, tabAdvance: tabs[g.cluster].map(Double.init),
                                      run: run))
                }
                text += TextSegmentation.string(utf16[r.lowerBound..<end])
                first = min(first, r.lowerBound); last = max(last, r.upperBound)
            case .ellipsis:
                if let run = line.ellipsisRun {
                    // The run's ellipsis, in ems of the drawn size as the text's glyphs.
                    let e = engine.runEllipses[run], factor = e.pointSize / engine.pointSize
                    for var g in e.glyphs {
                        let face = e.faces[g.faceIndex]
                        g.advance *= factor; g.xOffset *= factor; g.yOffset *= factor
                        items.append(Item(glyph: g, level: paragraphLevel, isSpace: false, run: run, face: face))
                    }
                } else {
                    for g in engine.ellipsis.glyphs { items.append(Item(glyph: g, level: paragraphLevel, isSpace: false)) }
                }
                text += "\u{2026}"
            }
        }
        return (items, text, first == Int.max ? 0..<0 : first..<last, paragraphLevel, spaces)
    }

    /// Pixel positions in visual order (UAX #9 L2): the pen advances in points × scale; glyph origins are
    /// quantised to ¼ px, baselines are whole pixels.
    private func position(_ items: [Item], x: CGFloat, baseline: CGFloat, extraPerSpace: CGFloat) throws -> [TextLayout.Glyph] {
        let size = engine.pointSize
        let pixelSize = size * Double(scale)
        let faces = shaped.faces
        var imageScales = [Double?](repeating: nil, count: faces.count)
        var penPx = Double(x * scale)
        let baselinePx = Double((baseline * scale).rounded())
        var glyphs: [TextLayout.Glyph] = []
        glyphs.reserveCapacity(items.count)
        for index in Bidi.visualOrder(levels: items.map { $0.level }) {
            let item = items[index], g = item.glyph
            let imageScale: Double
            if let known = imageScales[g.faceIndex] { imageScale = known } else {
                imageScale = try FontFace.load(faces[g.faceIndex]).imageScale(pixelSize: pixelSize)
                imageScales[g.faceIndex] = imageScale
            }
            let q = (penPx + g.xOffset * pixelSize) * 4
            glyphs.append(TextLayout.Glyph(font: faces[g.faceIndex], glyphID: g.glyphID, pixelSize: pixelSize,
                                           x: q.rounded() / 4, y: baselinePx - g.yOffset * pixelSize, imageScale: imageScale))
            penPx += item.tabAdvance.map { $0 * Double(scale) } ?? g.advance * pixelSize
            if item.isSpace { penPx += Double(extraPerSpace * scale) }
        }
        return glyphs
    }

    // MARK: Attributed text

    /// An attributed line (docs/layout-rules.md, Attributed text): stacked by the boxes of the lines above it, placed by
    /// its paragraph's alignment inside its indents, each glyph at its run's size, colour and baseline offset;
    /// run backgrounds, underlines, strikethroughs and attachments collected in pixels.
    private func drawRich(_ line: BrokenLine, index: Int, rich: RichText, decorations: inout [TextLayout.Decoration],
                          attachments: inout [TextLayout.PlacedAttachment]) throws -> (TextLayout.Line, [TextLayout.Glyph]) {
        let box = line.box ?? LineBox(height: engine.lineHeight, baselineFromTop: engine.metrics.ascender)
        let baseline = (richBaselines[index] * scale).rounded() / scale
        let content = try logicalContent(of: line)
        let rightToLeft = content.paragraphLevel & 1 == 1
        let style = rich.style(forParagraphAt: content.range.lowerBound)
        let lead = line.leadingIndent
        let trail = style.tailIndent > 0 ? max(0, rect.width - style.tailIndent) : -style.tailIndent
        var inner = rect
        inner.origin.x += rightToLeft ? trail : lead
        inner.size.width = max(0, rect.width - lead - trail)
        var x = originX(width: line.width, rightToLeft: rightToLeft, alignment: style.alignment, in: inner)
        var width = line.width
        let extraPerSpace = justification(line, spaces: content.spaceCount, alignment: style.alignment, width: inner.width)
        if extraPerSpace > 0 { x = inner.minX; width = inner.width }
        let lineTop = baseline - box.baselineFromTop
        let glyphs = try positionRich(content.items, rich: rich, x: x, baseline: baseline, lineTop: lineTop, lineHeight: box.height,
                                      extraPerSpace: extraPerSpace, decorations: &decorations, attachments: &attachments)
        var drawn = TextLayout.Line(text: content.text, range: content.range,
                                    rect: CGRect(x: x, y: lineTop, width: width, height: box.height), baseline: baseline,
                                    pieces: line.pieces, isRightToLeft: rightToLeft)
        drawn.runs = runs(of: line, rich: rich)
        return (drawn, glyphs)
    }

    /// The line's runs in logical order, as `.layout` lists them: each text piece cut by run (trailing white space
    /// not drawn), and the ellipsis with its run's attributes.
    private func runs(of line: BrokenLine, rich: RichText) -> [TextLayout.Run] {
        let ratio = engine.sizeRatio
        func described(_ k: Int, _ range: Range<Int>?) -> TextLayout.Run {
            let run = rich.runs[k]
            return TextLayout.Run(range: range, font: run.font.file, pointSize: run.font.pointSize * ratio, color: run.color,
                                  kern: Double(run.kern), baselineOffset: Double(run.baselineOffset),
                                  attachmentBounds: run.attachment?.bounds, underline: run.underline, underlineColor: run.underlineColor,
                                  strikethrough: run.strikethrough, strikethroughColor: run.strikethroughColor,
                                  background: run.backgroundColor)
        }
        var out: [TextLayout.Run] = []
        for piece in line.pieces {
            switch piece {
            case .text(let r):
                let drawn = TextSegmentation.trimmingTrailingWhitespace(r, in: shaped.utf16)
                guard !drawn.isEmpty else { continue }
                for k in rich.runIndices(overlapping: drawn) {
                    let range = rich.runs[k].range.clamped(to: drawn)
                    if !range.isEmpty { out.append(described(k, range)) }
                }
            case .ellipsis:
                if let e = line.ellipsisRun { out.append(described(e, nil)) }
            }
        }
        return out
    }

    private func positionRich(_ items: [Item], rich: RichText, x: CGFloat, baseline: CGFloat, lineTop: CGFloat, lineHeight: CGFloat,
                              extraPerSpace: CGFloat, decorations: inout [TextLayout.Decoration],
                              attachments: inout [TextLayout.PlacedAttachment]) throws -> [TextLayout.Glyph] {
        let ratio = engine.sizeRatio, s = Double(scale)
        let basePixelSize = engine.pointSize * s
        let faces = shaped.faces
        var imageScales: [FontFile: [Double: Double]] = [:]
        var penPx = Double(x * scale)
        let baselinePx = Double((baseline * scale).rounded())
        var glyphs: [TextLayout.Glyph] = []
        glyphs.reserveCapacity(items.count)
        // Runs of equal run index in visual order: their pen extents carry the backgrounds and lines.
        var segments: [(run: Int, x0: Double, x1: Double)] = []
        // A run's glyphs come one after another, mostly in one face: the current run's values and the last face's
        // image scale are kept rather than looked up per glyph (copying the run and hashing the face's path for
        // every glyph made an attributed paragraph's drawing three times the plain one's).
        var current = -1, color = Color.black, pixelSize = 0.0, offset = 0.0
        var attachment: TextAttachment?
        var lastScale: (faceIndex: Int, pixelSize: Double, imageScale: Double)?
        for index in Bidi.visualOrder(levels: items.map { $0.level }) {
            let item = items[index], g = item.glyph
            if item.run != current {
                current = item.run
                color = rich.runs[current].color
                pixelSize = rich.runs[current].font.pointSize * ratio * s
                offset = Double(rich.runs[current].baselineOffset)
                attachment = rich.runs[current].attachment
            }
            let startPx = penPx
            if let a = attachment {
                attachments.append(TextLayout.PlacedAttachment(
                    image: a.image, x: penPx + Double(a.bounds.minX) * s,
                    y: baselinePx - (Double(a.bounds.minY + a.bounds.height) + offset) * s,
                    width: Double(a.bounds.width) * s, height: Double(a.bounds.height) * s))
            } else {
                let face = item.face ?? faces[g.faceIndex]
                let imageScale: Double
                if item.face == nil, let last = lastScale, last.faceIndex == g.faceIndex, last.pixelSize == pixelSize {
                    imageScale = last.imageScale
                } else {
                    if let known = imageScales[face]?[pixelSize] { imageScale = known } else {
                        imageScale = try FontFace.load(face).imageScale(pixelSize: pixelSize)
                        imageScales[face, default: [:]][pixelSize] = imageScale
                    }
                    lastScale = item.face == nil ? (g.faceIndex, pixelSize, imageScale) : nil
                }
                let q = (penPx + g.xOffset * basePixelSize) * 4
                glyphs.append(TextLayout.Glyph(font: face, glyphID: g.glyphID, pixelSize: pixelSize, x: q.rounded() / 4,
                                               y: baselinePx - g.yOffset * basePixelSize - offset * s,
                                               imageScale: imageScale, color: color))
            }
            penPx += item.tabAdvance.map { $0 * s } ?? g.advance * basePixelSize
            if item.isSpace { penPx += Double(extraPerSpace * scale) }
            if let last = segments.last, last.run == item.run, abs(last.x1 - startPx) < 1e-9 {
                segments[segments.count - 1].x1 = penPx
            } else {
                segments.append((item.run, startPx, penPx))
            }
        }
        let topPx = Double(lineTop * scale), heightPx = Double(lineHeight * scale)
        for segment in segments {
            let run = rich.runs[segment.run]
            guard let background = run.backgroundColor else { continue }
            decorations.append(TextLayout.Decoration(kind: .background, x: segment.x0, y: topPx,
                                                     width: segment.x1 - segment.x0, height: heightPx, color: background))
        }
        for segment in segments {
            let run = rich.runs[segment.run]
            guard run.underline != nil || run.strikethrough != nil else { continue }
            let metrics = try FontFace.load(run.font.file).decorationMetrics(pointSize: run.font.pointSize * ratio)
            func add(_ kind: TextLayout.Decoration.Kind, _ style: UnderlineStyle, center: Double, thickness: Double, color: Color) {
                let t = (style.contains(.thick) ? 2 * thickness : thickness) * s
                let y = baselinePx - (center + Double(run.baselineOffset)) * s - t / 2
                decorations.append(TextLayout.Decoration(kind: kind, x: segment.x0, y: y, width: segment.x1 - segment.x0, height: t, color: color))
                if style == .double {
                    decorations.append(TextLayout.Decoration(kind: kind, x: segment.x0, y: y + 2 * t, width: segment.x1 - segment.x0,
                                                             height: t, color: color))
                }
            }
            if let u = run.underline {
                add(.underline, u, center: metrics.underlineCenter, thickness: metrics.underlineThickness, color: run.underlineColor ?? run.color)
            }
            if let st = run.strikethrough {
                add(.strikethrough, st, center: metrics.strikethroughCenter, thickness: metrics.strikethroughThickness,
                    color: run.strikethroughColor ?? run.color)
            }
        }
        return glyphs
    }
}
