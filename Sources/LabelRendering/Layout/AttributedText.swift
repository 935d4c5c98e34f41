import Foundation
import Imaging
import Typesetting

// Foundation's `AttributedString` with LabelSnapshot's attributes, named as UIKit's `NSAttributedString.Key`s so
// that code ported from an app reads the same (`chip.font = …`, `chip.kern = 1.2`). docs/layout-rules.md, Attributed text.

/// `NSParagraphStyle` as a value: the paragraph-level attributes of an attributed label. Defaults are
/// `NSParagraphStyle.default`'s: natural alignment, `.byWordWrapping`, no line-break strategy (greedy breaking),
/// no spacing or indents, twelve 28 pt tab stops. A paragraph takes the style of its first character.
public struct ParagraphStyle: Hashable, Sendable {
    public var alignment: TextAlignment = .natural
    /// Apple's default is `.byWordWrapping` (the last kept line is cut at a word, without an ellipsis).
    public var lineBreakMode: LineBreakMode = .byWordWrapping
    /// `[]` by default, as `NSParagraphStyle`: greedy breaking, no push-out.
    public var lineBreakStrategy: LineBreakStrategy = []
    /// Extra space after each line of the paragraph but its last, pt.
    public var lineSpacing: CGFloat = 0
    /// Multiplier of the line's natural height (0 = 1); the extra height goes above the text.
    public var lineHeightMultiple: CGFloat = 0
    /// Smallest line box, pt (0 = none); the extra height goes above the text.
    public var minimumLineHeight: CGFloat = 0
    /// Largest line box, pt (0 = none); the text keeps its descent at the bottom of the box.
    public var maximumLineHeight: CGFloat = 0
    /// Space after the paragraph, pt (not after the last one).
    public var paragraphSpacing: CGFloat = 0
    /// Space before the paragraph, pt (not before the first one).
    public var paragraphSpacingBefore: CGFloat = 0
    /// Leading indent of the paragraph's first line, pt.
    public var firstLineHeadIndent: CGFloat = 0
    /// Leading indent of the other lines, pt.
    public var headIndent: CGFloat = 0
    /// Trailing edge: > 0 is the distance from the leading margin, ≤ 0 from the trailing margin, pt.
    public var tailIndent: CGFloat = 0
    /// `.natural`: the paragraph's first strong character (UAX #9 P2–P3).
    public var baseWritingDirection: WritingDirection = .natural
    public var tabStops: [TextTab] = TextTab.defaultStops
    public var defaultTabInterval: CGFloat = 0

    public init() {}

    /// `NSParagraphStyle.default`.
    public static let `default` = ParagraphStyle()
}

/// `NSUnderlineStyle`: the line style of an underline or strikethrough (raw values as Apple's).
public struct UnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// One line of the font's thickness (`post.underlineThickness`, `OS/2.yStrikeoutSize`).
    public static let single = UnderlineStyle(rawValue: 0x01)
    /// One line twice the font's thickness.
    public static let thick = UnderlineStyle(rawValue: 0x02)
    /// Two lines of the font's thickness, one thickness apart.
    public static let double = UnderlineStyle(rawValue: 0x09)
}

/// Foundation's `InlinePresentationIntent` (Markdown's inline styles), which this platform's Foundation lacks:
/// `AttributedString(markdown:)` sets it, layout resolves it to the run family's bold, italic and monospaced faces.
public struct InlinePresentationIntent: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let emphasized = InlinePresentationIntent(rawValue: 1 << 0)
    public static let stronglyEmphasized = InlinePresentationIntent(rawValue: 1 << 1)
    public static let code = InlinePresentationIntent(rawValue: 1 << 2)
    public static let strikethrough = InlinePresentationIntent(rawValue: 1 << 5)
}

/// `NSTextAttachment`: an image drawn in the text as one U+FFFC character (for line breaking too, as TextKit).
public struct TextAttachment: Hashable, Sendable {
    /// The image, RGBA8; drawn scaled to `bounds` (bilinear).
    public var image: Bitmap
    /// As `NSTextAttachment.bounds`, pt: its size, and its origin's y above (positive) or below (negative) the
    /// baseline; x shifts the image from the pen. Its width is the character's advance.
    public var bounds: CGRect

    /// An attachment of `image` at `bounds` (pt); nil bounds: the image's size in pixels as points at the origin.
    public init(image: Bitmap, bounds: CGRect? = nil) {
        self.image = image
        self.bounds = bounds ?? CGRect(x: 0, y: 0, width: CGFloat(image.width), height: CGFloat(image.height))
    }

    /// An attachment of a PNG file.
    /// - Throws: `PNGError` when the file cannot be read or decoded.
    public init(image path: String, bounds: CGRect? = nil) throws {
        self.init(image: try PNGCodec.decode(contentsOf: path), bounds: bounds)
    }

    public static func == (a: TextAttachment, b: TextAttachment) -> Bool { a.bounds == b.bounds && a.image == b.image }
    public func hash(into h: inout Hasher) {
        h.combine(bounds.origin.x); h.combine(bounds.origin.y); h.combine(bounds.width); h.combine(bounds.height)
        h.combine(image.width); h.combine(image.height)
    }

    /// The character an attachment stands for (U+FFFC OBJECT REPLACEMENT CHARACTER).
    public static let character: Character = "\u{FFFC}"
}

extension AttributedString {
    /// One U+FFFC character carrying `attachment`, as `NSAttributedString(attachment:)`.
    public init(attachment: TextAttachment) {
        self.init(String(TextAttachment.character))
        self.attachment = attachment
    }
}

/// The keys of LabelSnapshot's attribute scope (`AttributeScopes.LabelSnapshotAttributes`).
public enum LabelAttributeKeys {
    public enum FontAttribute: AttributedStringKey { public typealias Value = Font; public static let name = "NSFont" }
    public enum ForegroundColorAttribute: AttributedStringKey { public typealias Value = Color; public static let name = "NSColor" }
    public enum BackgroundColorAttribute: AttributedStringKey { public typealias Value = Color; public static let name = "NSBackgroundColor" }
    /// pt added after each character (after the last one too, as Core Text).
    public enum KernAttribute: AttributedStringKey { public typealias Value = CGFloat; public static let name = "NSKern" }
    /// pt added after each character, as `kern` here (Apple's tracking also turns off ligatures: not modelled).
    public enum TrackingAttribute: AttributedStringKey { public typealias Value = CGFloat; public static let name = "NSTracking" }
    /// pt the run's glyphs are raised (positive) or lowered above the baseline; the line grows by it (a raised run
    /// adds to its ascent, a lowered one to its descent, the whole text too: DESIGN.md "To check on a device", a baseline offset and the line height).
    public enum BaselineOffsetAttribute: AttributedStringKey { public typealias Value = CGFloat; public static let name = "NSBaselineOffset" }
    public enum UnderlineStyleAttribute: AttributedStringKey { public typealias Value = UnderlineStyle; public static let name = "NSUnderline" }
    public enum UnderlineColorAttribute: AttributedStringKey { public typealias Value = Color; public static let name = "NSUnderlineColor" }
    public enum StrikethroughStyleAttribute: AttributedStringKey { public typealias Value = UnderlineStyle; public static let name = "NSStrikethrough" }
    public enum StrikethroughColorAttribute: AttributedStringKey { public typealias Value = Color; public static let name = "NSStrikethroughColor" }
    public enum ParagraphStyleAttribute: AttributedStringKey { public typealias Value = ParagraphStyle; public static let name = "NSParagraphStyle" }
    public enum AttachmentAttribute: AttributedStringKey { public typealias Value = TextAttachment; public static let name = "NSAttachment" }
    public enum InlinePresentationIntentAttribute: AttributedStringKey {
        public typealias Value = InlinePresentationIntent; public static let name = "NSInlinePresentationIntent"
    }
}

extension AttributeScopes {
    /// The attributes a `PaddedLabel` draws (`attributedText`), as UIKit's.
    public struct LabelSnapshotAttributes: AttributeScope {
        public let font: LabelAttributeKeys.FontAttribute
        public let foregroundColor: LabelAttributeKeys.ForegroundColorAttribute
        public let backgroundColor: LabelAttributeKeys.BackgroundColorAttribute
        public let kern: LabelAttributeKeys.KernAttribute
        public let tracking: LabelAttributeKeys.TrackingAttribute
        public let baselineOffset: LabelAttributeKeys.BaselineOffsetAttribute
        public let underlineStyle: LabelAttributeKeys.UnderlineStyleAttribute
        public let underlineColor: LabelAttributeKeys.UnderlineColorAttribute
        public let strikethroughStyle: LabelAttributeKeys.StrikethroughStyleAttribute
        public let strikethroughColor: LabelAttributeKeys.StrikethroughColorAttribute
        public let paragraphStyle: LabelAttributeKeys.ParagraphStyleAttribute
        public let attachment: LabelAttributeKeys.AttachmentAttribute
        public let inlinePresentationIntent: LabelAttributeKeys.InlinePresentationIntentAttribute
        public let foundation: FoundationAttributes
    }

    public var labelSnapshot: LabelSnapshotAttributes.Type { LabelSnapshotAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.LabelSnapshotAttributes, T>) -> T {
        self[T.self]
    }
}
