import Foundation
import Imaging
import Typesetting

/// A label laid out in its bounds, ready to rasterise: the output of the layout stage.
/// Geometry in points unless named `…Px`.
public struct TextLayout: Sendable {
    /// One drawn line.
    public struct Line: Sendable, Equatable {
        /// The drawn text, with "…" where truncated.
        public var text: String
        /// UTF-16 range of the label's text the line shows (first to last shown unit).
        public var range: Range<Int>
        /// The line's box, pt: x from alignment, width = line width, height = line height.
        public var rect: CGRect
        /// Baseline y, pt, pixel-aligned.
        public var baseline: CGFloat
        /// What the line shows, in logical order: text ranges and the ellipsis.
        package var pieces: [LinePiece]
        /// Whether the line's paragraph is right-to-left (UAX #9 P2–P3: its first strong character, else the
        /// label's `layoutDirection`); without a `layoutDirection`, `.natural` alignment follows it.
        public var isRightToLeft: Bool
        /// Attributed text: the line's runs in logical order (empty for plain text).
        package var runs: [Run] = []
    }

    /// A run of an attributed line as drawn: its text range (UTF-16; nil for the ellipsis) and its attributes.
    package struct Run: Sendable, Equatable {
        public var range: Range<Int>?
        public var font: FontFile
        /// The drawn point size (the run's font × the `adjustsFontSizeToFitWidth` ratio).
        public var pointSize: Double
        public var color: Color
        /// pt after each character (`kern` + `tracking`).
        public var kern: Double
        public var baselineOffset: Double
        /// An attachment's bounds, pt (nil for text).
        public var attachmentBounds: CGRect?
        /// The run's decorations as drawn (nil: none): underline and strikethrough style and colour (nil colour:
        /// the text's), and its background colour, resolved for the appearance.
        public var underline: UnderlineStyle? = nil
        public var underlineColor: Color? = nil
        public var strikethrough: UnderlineStyle? = nil
        public var strikethroughColor: Color? = nil
        public var background: Color? = nil
    }

    /// An underline, strikethrough or run background, px (fractional edges are anti-aliased).
    package struct Decoration: Sendable, Equatable {
        public enum Kind: String, Sendable { case background, underline, strikethrough }
        public var kind: Kind
        public var x, y, width, height: Double
        public var color: Color
    }

    /// An attachment's image at its place, px (drawn scaled to `width` × `height`).
    package struct PlacedAttachment: Sendable {
        public var image: Bitmap
        public var x, y, width, height: Double
    }

    /// A glyph at its pixel position.
    package struct Glyph: Sendable {
        /// The face that draws the glyph.
        public var font: FontFile
        /// Glyph index in that face.
        public var glyphID: UInt32
        /// FreeType pixel size (pt × scale).
        public var pixelSize: Double
        /// Pen x, px, quantised to ¼ px.
        public var x: Double
        /// Baseline y, px (integer) minus the glyph's HarfBuzz y offset.
        public var y: Double
        /// Scale of a colour bitmap glyph's image (1 for outlines).
        public var imageScale: Double
        /// The run's colour (attributed text); nil: `TextLayout.textColor`.
        public var color: Color? = nil
    }

    /// The bounds laid out in, pt (as given; drawing is relative to their origin).
    public var bounds: CGRect
    /// Pixels per point.
    public var scale: CGFloat
    /// The rect the text is drawn in: `bounds.inset(by: insets)`, relative to the bounds' origin (the
    /// bitmap's top-left), like every rect and baseline here.
    public var textRect: CGRect
    /// The drawn lines, top to bottom.
    public var lines: [Line]
    /// Every drawn glyph at its pixel position, in visual order per line.
    package var glyphs: [Glyph]
    /// Point size the text is drawn at: `font.pointSize`, or smaller with `adjustsFontSizeToFitWidth`.
    package var fontSize: Double
    /// The label's `font.pointSize`.
    package var fontPointSize: Double
    /// The truncation mode applied, or nil when all the text is shown.
    public var truncation: LineBreakMode?
    /// Code points of the drawn text that no font in the chain covers (drawn as .notdef boxes), in text order.
    public var missingScalars: [Unicode.Scalar]
    /// Font files that supply at least one drawn glyph, primary first.
    public var fontsUsed: [FontFile]
    /// Bitmap size: `round(bounds × scale)`.
    public var pixelWidth: Int
    public var pixelHeight: Int
    // Styling carried to the rasteriser: colours are 8-bit sRGB straight alpha, lengths in pt.
    package var textColor: Color
    package var backgroundColor: Color
    package var cornerRadius: CGFloat
    package var borderWidth: CGFloat
    package var borderColor: Color
    /// UTF-16 units of the text that shaping read to make this layout (HarfBuzz's input, a window's overlap with
    /// the next counted twice): about the drawn and measured text, not the whole text, when lines are limited
    /// (docs/layout-rules.md, Early stop). For tests and benchmarks.
    package var shapedTextLength: Int
    /// UTF-16 units of the text converted from its UTF-8 for this layout: all of it, or, when the kept lines end
    /// early in a long text, a prefix ending with a line feed or, inside one long paragraph, after a space between
    /// two ASCII letters (docs/layout-rules.md, Early stop). For tests and benchmarks.
    package var readTextLength: Int
    /// Run backgrounds (drawn under the glyphs), underlines and strikethroughs (over them), in line order.
    package var decorations: [Decoration] = []
    /// Attachments, composited with the glyphs.
    package var attachments: [PlacedAttachment] = []
    /// The radius of each corner, pt, resolved from the bounds and clamped (`PaddedLabel.cornerRadii(in:)`).
    package var cornerRadii: CornerRadii = .zero
    /// The corners' curve (`PaddedLabel.cornerCurve`).
    package var cornerCurve: CornerCurve = .circular
    /// Whether the text is clipped to the corner shape (`PaddedLabel.clipsToBounds`).
    package var clipsToBounds = false
    /// Whether `.layout` states the corners (the label set more than a circular `cornerRadius`).
    package var statesCorners = false
    /// The opacity the finished drawing is composited at, 0…1 (`PaddedLabel.alpha`, clamped).
    package var alpha: Double = 1
    /// The text shadow's colour (`PaddedLabel.shadowColor`, resolved), nil for none, and its offset in whole pixels.
    package var shadowColor: Color?
    package var shadowOffsetPixels: (x: Int, y: Int) = (0, 0)
    /// The view state `.layout` states (alpha, disabled, highlighted, shadow), nil at UIKit's defaults.
    package var viewState: String?
    /// The label's font when it asks for a weight, italic, variations or features (`face` is worded from it only when
    /// read, so drawing never pays for the words).
    var faceFont: Font?
    /// The primary face, its weight, instance and features, as `.layout`, the provenance and `render` state them
    /// (`Font.faceDescription`); nil for a font that asks for no weight, italic, variation or feature.
    package var face: String? { faceFont?.faceDescription }
}

extension PaddedLabel {
    /// Largest rendered bitmap, in pixels (64 Mpx).
    public static let maximumPixelCount = 1 << 26
    /// Longest side of a rendered bitmap, in pixels: a label 100000 px wide is rejected, however thin.
    public static let maximumPixelDimension = 1 << 15

    /// The label laid out in `bounds` (default: its `intrinsicContentSize` at the origin), as `drawText(in:)`:
    /// text rect = `bounds.inset(by: insets)`; lines limited by `numberOfLines` and by the whole lines
    /// that fit the rect's height (at least one); the block centred vertically; baselines on the pixel grid.
    /// - Throws: `LabelError` for invalid properties, oversized bitmaps or font errors.
    public func makeLayout() throws -> TextLayout { try makeLayout(shapingWholeText: false) }

    /// `makeLayout()`; with `shapingWholeText`, as before layout stopped early: all of the text shaped first;
    /// without `prefix`, never from a prefix of a long text (tests compare them).
    func makeLayout(shapingWholeText: Bool, prefix: Bool = true) throws -> TextLayout {
        try validate()
        // One shaping serves the intrinsic size (when there are no bounds), the shrinking and the drawing.
        return try withEngine(shapingWholeText: shapingWholeText, prefix: prefix) { try makeLayout(using: $0) }
    }

    func makeLayout(using engine: LineLayout) throws -> TextLayout {
        let bounds = try self.bounds ?? CGRect(origin: .zero, size: intrinsicSize(using: engine))
        let (pixelWidth, pixelHeight) = try pixelSize(of: bounds)
        // The bitmap's top-left is the bounds' origin, as a view draws its bounds: geometry is laid out
        // relative to it, so bounds at (50, 50) give the same picture as bounds at (0, 0).
        let rect = CGRect(origin: .zero, size: bounds.size).inset(by: insets)
        let (drawn, measured) = try drawnText(engine, in: rect, numberOfLines: drawnNumberOfLines)
        let drawer = LineDrawer(label: self, engine: drawn, original: engine, rect: rect, lineCount: measured.lines.count,
                                measured: measured)
        var lines: [TextLayout.Line] = []
        var glyphs: [TextLayout.Glyph] = []
        var decorations: [TextLayout.Decoration] = [], attachments: [TextLayout.PlacedAttachment] = []
        for (i, line) in measured.lines.enumerated() {
            let (drawnLine, lineGlyphs) = try drawer.draw(line, index: i, decorations: &decorations, attachments: &attachments)
            lines.append(drawnLine)
            glyphs += lineGlyphs
        }
        var layout = TextLayout(bounds: bounds, scale: scale, textRect: rect, lines: lines, glyphs: glyphs,
                          fontSize: drawn.pointSize, fontPointSize: font.pointSize,
                          truncation: measured.truncation, missingScalars: engine.missingScalars(in: measured.lines),
                          fontsUsed: fontsUsed(by: glyphs, chain: engine.text.faces), pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                          textColor: stateTextColor(textColor.resolved(for: userInterfaceStyle, contrast: accessibilityContrast)),
                          backgroundColor: backgroundColor.resolved(for: userInterfaceStyle, contrast: accessibilityContrast),
                          cornerRadius: cornerRadius, borderWidth: borderWidth,
                          borderColor: borderColor.resolved(for: userInterfaceStyle, contrast: accessibilityContrast),
                          shapedTextLength: engine.text.shapedLength, readTextLength: engine.utf16.count)
        layout.decorations = decorations
        layout.attachments = attachments
        layout.cornerRadii = cornerRadii(in: bounds.size)
        layout.cornerCurve = cornerCurve
        layout.clipsToBounds = clipsToBounds
        layout.statesCorners = statesCorners
        layout.alpha = Double(drawnAlpha)
        if let shadow = shadowColor?.resolved(for: userInterfaceStyle, contrast: accessibilityContrast) {
            layout.shadowColor = shadow
            layout.shadowOffsetPixels = (Int((shadowOffset.width * scale).rounded()), Int((shadowOffset.height * scale).rounded()))
        }
        layout.viewState = viewStateDescription
        if font.asksForFaceDetails { layout.faceFont = font }
        return layout
    }

    /// The bitmap size `round(bounds × scale)`, checked in floating point before any conversion to Int (a
    /// huge or infinite size must throw, not trap) and before anything is allocated.
    func pixelSize(of bounds: CGRect) throws -> (width: Int, height: Int) {
        guard bounds.size.width >= 0, bounds.size.height >= 0 else { throw LabelError.invalidBounds(bounds) }
        let wpx = (bounds.size.width * scale).rounded(), hpx = (bounds.size.height * scale).rounded()
        let side = Double(PaddedLabel.maximumPixelDimension)
        guard wpx <= side, hpx <= side, wpx * hpx <= Double(PaddedLabel.maximumPixelCount) else {
            func clamped(_ v: Double) -> Int { v.isNaN ? 0 : v >= 0x1p62 ? Int.max : Int(v) }
            throw LabelError.tooLarge(widthPx: clamped(wpx), heightPx: clamped(hpx), limit: PaddedLabel.maximumPixelCount)
        }
        return (Int(wpx), Int(hpx))
    }

    /// The text as drawn in `rect`: at most `lines` lines (0 = no limit) and the whole lines that fit the rect's
    /// height, at the font size `adjustsFontSizeToFitWidth` chooses. Drawing and `textRect` share it.
    func drawnText(_ engine: LineLayout, in rect: CGRect, numberOfLines lines: Int) throws -> (LineLayout, MeasuredText) {
        let drawn = try shrunkToFit(engine, in: rect, numberOfLines: lines)
        return (drawn, try drawn.measureFitting(maxWidth: rect.width, maxLines: lines, height: rect.height))
    }

    /// The font files that draw at least one glyph, the primary font first, without repeats.
    func fontsUsed(by glyphs: [TextLayout.Glyph], chain: [FontFile]) -> [FontFile] {
        var used = [font.file]
        for g in glyphs where !used.contains(g.font) { used.append(g.font) }
        return used.sorted { chain.firstIndex(of: $0) ?? 0 < chain.firstIndex(of: $1) ?? 0 }
    }
}

extension PaddedLabel {
    /// The engine for the drawn text (`adjustsFontSizeToFitWidth`): `engine` itself when the text fits or
    /// shrinking is off (`minimumScaleFactor` 0 means no shrinking, as UIKit documents); otherwise the same
    /// text at the largest size in steps of 1/64 pt, not below `minimumScaleFactor × pointSize`, at which it
    /// fits (docs/layout-rules.md, intrinsicContentSize): a single line its width, a multi-line label its lines and height untruncated.
    func shrunkToFit(_ engine: LineLayout, in rect: CGRect, numberOfLines lines: Int) throws -> LineLayout {
        guard adjustsFontSizeToFitWidth, minimumScaleFactor > 0, minimumScaleFactor < 1 else { return engine }
        let singleLine = engine.lineLimit(lines, height: rect.height) == 1
        guard try !fits(engine, in: rect, numberOfLines: lines, singleLine: singleLine) else { return engine }
        let minimum = font.pointSize * minimumScaleFactor
        if singleLine {
            // Advances are linear in the size: start from the proportional guess, then step down.
            let natural = try engine.measure(maxWidth: nil, maxLines: 1).size.width
            var size = max(minimum, (font.pointSize * Double(rect.width / natural) * 64).rounded(.down) / 64)
            var candidate = try engine.resized(to: size)
            while try !fits(candidate, in: rect, numberOfLines: lines, singleLine: true), size > minimum {
                size = max(minimum, size - 1.0 / 64)
                candidate = try engine.resized(to: size)
            }
            return candidate
        }
        // Multi-line: fitting only gets easier as the size falls (greedy breaking needs no more lines at a
        // smaller size, and more lines fit the height), so bisect over the 1/64 pt steps.
        var low = (minimum * 64).rounded(.up), high = (font.pointSize * 64).rounded(.up) - 1
        guard low <= high, try fits(engine.resized(to: low / 64), in: rect, numberOfLines: lines, singleLine: false) else {
            return try engine.resized(to: minimum)   // nothing fits: the smallest size, truncated
        }
        while low < high {   // invariant: `low` fits, everything above `high` does not
            let mid = ((low + high + 1) / 2).rounded(.down)
            if try fits(engine.resized(to: mid / 64), in: rect, numberOfLines: lines, singleLine: false) { low = mid } else { high = mid - 1 }
        }
        return try engine.resized(to: low / 64)
    }

    /// Whether the text at `engine`'s size fits `rect`: one line within the width, or every wrapped line kept
    /// (no truncation) and none wider than the width.
    private func fits(_ engine: LineLayout, in rect: CGRect, numberOfLines lines: Int, singleLine: Bool) throws -> Bool {
        if singleLine { return try engine.measure(maxWidth: nil, maxLines: 1).size.width <= rect.width + layoutTolerance }
        let measured = try engine.measureFitting(maxWidth: rect.width, maxLines: lines, height: rect.height)
        return measured.truncation == nil && measured.size.width <= rect.width + layoutTolerance
    }
}
