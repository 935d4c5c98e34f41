import Foundation
package import Imaging

extension NSAttributedString.Key {
    // The keys a label draws (UIKit's raw values). Any other key in a label's `attributedText` is refused when the
    // label is drawn, naming the key, rather than drawn as if it were absent.
    public static let font = NSAttributedString.Key("NSFont")
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    public static let kern = NSAttributedString.Key("NSKern")
    public static let tracking = NSAttributedString.Key("NSTracking")
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    public static let shadow = NSAttributedString.Key("NSShadow")
    public static let attachment = NSAttributedString.Key("NSAttachment")
    public static let link = NSAttributedString.Key("NSLink")
}

/// The paragraph attributes of attributed text (`NSParagraphStyle`); `default` is Apple's: natural alignment,
/// word wrapping, no spacing, twelve 28 pt tab stops.
open class NSParagraphStyle: NSObject, @unchecked Sendable {
    package var values: ParagraphValues

    package init(values: ParagraphValues) { self.values = values }
    public override convenience init() { self.init(values: ParagraphValues()) }

    /// Apple's default paragraph style.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    open var alignment: NSTextAlignment { values.alignment }
    open var lineBreakMode: NSLineBreakMode { values.lineBreakMode }
    open var lineBreakStrategy: NSLineBreakStrategy { values.lineBreakStrategy }
    open var lineSpacing: CGFloat { values.lineSpacing }
    open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }
    open var minimumLineHeight: CGFloat { values.minimumLineHeight }
    open var maximumLineHeight: CGFloat { values.maximumLineHeight }
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    open var headIndent: CGFloat { values.headIndent }
    open var tailIndent: CGFloat { values.tailIndent }
    open var defaultTabInterval: CGFloat { values.defaultTabInterval }

    /// A mutable copy.
    open override func mutableCopy() -> Any { NSMutableParagraphStyle(values: values) }
    open override func copy() -> Any { NSParagraphStyle(values: values) }
    public override func isEqual(_ object: Any?) -> Bool { (object as? NSParagraphStyle)?.values == values }
    public override var hash: Int { values.hashValue }
}

/// A paragraph style whose attributes are set (`NSMutableParagraphStyle`).
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    package override init(values: ParagraphValues) { super.init(values: values) }

    open override var alignment: NSTextAlignment { get { values.alignment } set { values.alignment = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { values.lineBreakMode } set { values.lineBreakMode = newValue } }
    open override var lineBreakStrategy: NSLineBreakStrategy { get { values.lineBreakStrategy } set { values.lineBreakStrategy = newValue } }
    open override var lineSpacing: CGFloat { get { values.lineSpacing } set { values.lineSpacing = newValue } }
    open override var lineHeightMultiple: CGFloat { get { values.lineHeightMultiple } set { values.lineHeightMultiple = newValue } }
    open override var minimumLineHeight: CGFloat { get { values.minimumLineHeight } set { values.minimumLineHeight = newValue } }
    open override var maximumLineHeight: CGFloat { get { values.maximumLineHeight } set { values.maximumLineHeight = newValue } }
    open override var paragraphSpacing: CGFloat { get { values.paragraphSpacing } set { values.paragraphSpacing = newValue } }
    open override var paragraphSpacingBefore: CGFloat { get { values.paragraphSpacingBefore } set { values.paragraphSpacingBefore = newValue } }
    open override var firstLineHeadIndent: CGFloat { get { values.firstLineHeadIndent } set { values.firstLineHeadIndent = newValue } }
    open override var headIndent: CGFloat { get { values.headIndent } set { values.headIndent = newValue } }
    open override var tailIndent: CGFloat { get { values.tailIndent } set { values.tailIndent = newValue } }
    open override var defaultTabInterval: CGFloat { get { values.defaultTabInterval } set { values.defaultTabInterval = newValue } }
}

/// The values of a paragraph style, UIKit's defaults.
package struct ParagraphValues: Hashable, Sendable {
    package var alignment = NSTextAlignment.natural
    package var lineBreakMode = NSLineBreakMode.byWordWrapping
    package var lineBreakStrategy: NSLineBreakStrategy = []
    package var lineSpacing: CGFloat = 0, lineHeightMultiple: CGFloat = 0, minimumLineHeight: CGFloat = 0, maximumLineHeight: CGFloat = 0
    package var paragraphSpacing: CGFloat = 0, paragraphSpacingBefore: CGFloat = 0
    package var firstLineHeadIndent: CGFloat = 0, headIndent: CGFloat = 0, tailIndent: CGFloat = 0, defaultTabInterval: CGFloat = 0
    package init() {}
}

/// A text shadow (`NSShadow`). Its attribute is refused when drawn: LabelSnapshot draws a label's own
/// `shadowColor`/`shadowOffset`, not a shadow per run.
open class NSShadow: NSObject, @unchecked Sendable {
    open var shadowOffset = CGSize.zero
    open var shadowBlurRadius: CGFloat = 0
    open var shadowColor: Any?
    public override init() { super.init() }
}

/// An image (`UIImage`): RGBA pixels and a scale, made from a PNG file or drawn pixels.
open class UIImage: NSObject, @unchecked Sendable {
    package let bitmap: Bitmap
    /// Pixels per point.
    public let scale: CGFloat
    package init(bitmap: Bitmap, scale: CGFloat) { self.bitmap = bitmap; self.scale = scale }
    /// A PNG file (a name ending in `@2x`/`@3x` before the extension gives the scale); nil when it cannot be read.
    public convenience init?(contentsOfFile path: String) {
        guard let bitmap = try? PNGCodec.decode(contentsOf: path) else { return nil }
        let stem = ((path as NSString).deletingPathExtension as NSString).lastPathComponent
        self.init(bitmap: bitmap, scale: stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1)
    }
    /// The size in points (pixels ÷ `scale`).
    open var size: CGSize { CGSize(width: CGFloat(bitmap.width) / scale, height: CGFloat(bitmap.height) / scale) }
}

/// An image in attributed text (`NSTextAttachment`), drawn at `bounds` (its image's size when `bounds` is zero).
open class NSTextAttachment: NSObject, @unchecked Sendable {
    open var image: UIImage?
    /// Size, pt, and the origin's y above (positive) or below the baseline.
    open var bounds = CGRect.zero
    public override init() { super.init() }
    public convenience init(image: UIImage) { self.init(); self.image = image }
}

extension NSAttributedString {
    /// One attachment character (U+FFFC) carrying `attachment`.
    public convenience init(attachment: NSTextAttachment) {
        self.init(string: "\u{FFFC}", attributes: [.attachment: attachment])
    }
}
