import Foundation

/// A label (`UILabel`), laid out and drawn by the package's pipeline with UIKit's dispatch, so a subclass's
/// overrides act as on a device: `draw(_:)` calls `drawText(in: bounds)`; the base `drawText(in:)` lays the text out
/// for the rect and centres it vertically (baseline on the pixel grid); the base `intrinsicContentSize` and
/// `sizeThatFits(_:)` ask `textRect(forBounds:limitedToNumberOfLines:)` (unbounded sides are 32-bit `FLT_MAX`) and
/// round up to the pixel grid (UILabel+Dispatch.swift; the rules and their sources: the DocC article "UIKit's
/// dispatch"). Defaults are UIKit's.
@MainActor open class UILabel: UIView {
    private var storedText: String?
    private var storedAttributedText: NSAttributedString?
    private var storedFont: UIFont?
    private var storedTextColor: UIColor?

    // The default font is made when first read (most labels set their own: looking the system face up in every init
    // cost a snapshot pass a sixth of its time), then kept.
    public override init(frame: CGRect) { super.init(frame: frame); isUserInteractionEnabled = false }
    public required init?(coder: NSCoder) { super.init(coder: coder); isUserInteractionEnabled = false }

    /// The text; nil by default. Setting it drops `attributedText`.
    open var text: String? {
        get { storedAttributedText?.string ?? storedText }
        set {
            guard newValue != text || storedAttributedText != nil else { return }
            storedText = newValue; storedAttributedText = nil
            contentChanged()
        }
    }
    /// The styled text; ranges without a font, colour or paragraph style take the label's. Reading it after setting
    /// `text` gives the text with the label's font and colour. Setting it sets `text` to its characters.
    open var attributedText: NSAttributedString? {
        get {
            if let storedAttributedText { return storedAttributedText }
            return storedText.map { NSAttributedString(string: $0, attributes: [.font: font as Any, .foregroundColor: textColor as Any]) }
        }
        set {
            storedAttributedText = newValue.map { NSAttributedString(attributedString: $0) }
            storedText = newValue?.string
            contentChanged()
        }
    }
    /// `attributedText` as set (nil when the label shows plain `text`).
    var styledText: NSAttributedString? { storedAttributedText }
    /// The font; `UIFont.systemFont(ofSize: 17)` by default (setting nil restores it). With
    /// `adjustsFontForContentSizeCategory`, a text style's font reads at the size of the label's traits.
    open var font: UIFont! {
        get {
            let f = storedFont ?? UIFont.systemFont(ofSize: 17)
            if storedFont == nil { storedFont = f }
            guard adjustsFontForContentSizeCategory, f.font.dynamicType != nil else { return f }
            return UIFont(font: f.font.resolved(for: traitCollection.contentSizeCategory))
        }
        set { storedFont = newValue; contentChanged() }
    }
    /// The text colour; `.label` by default (setting nil restores it).
    open var textColor: UIColor! {
        get { storedTextColor ?? .label }
        set { storedTextColor = newValue; textChanged(); setNeedsDisplay() }
    }
    open var textAlignment: NSTextAlignment = .natural { didSet { textChanged(); setNeedsDisplay() } }
    /// Maximum lines; 0 = no limit. Default 1.
    open var numberOfLines = 1 { didSet { if numberOfLines != oldValue { contentChanged() } } }
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { if lineBreakMode != oldValue { contentChanged() } } }
    open var lineBreakStrategy: NSLineBreakStrategy = .standard { didSet { if lineBreakStrategy != oldValue { contentChanged() } } }
    /// The width a multi-line label wraps its text at for its intrinsic size, pt (0: none). A change invalidates the
    /// intrinsic size.
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } }
    }
    open var adjustsFontSizeToFitWidth = false { didSet { textChanged(); setNeedsDisplay() } }
    open var minimumScaleFactor: CGFloat = 0 { didSet { textChanged(); setNeedsDisplay() } }
    open var baselineAdjustment: UIBaselineAdjustment = .alignBaselines { didSet { textChanged(); setNeedsDisplay() } }
    /// Re-sizes a text style's font with the traits' content size category.
    open var adjustsFontForContentSizeCategory = false { didSet { if adjustsFontForContentSizeCategory != oldValue { contentChanged() } } }
    open var isEnabled = true { didSet { textChanged(); setNeedsDisplay() } }
    open var isHighlighted = false { didSet { textChanged(); setNeedsDisplay() } }
    open var highlightedTextColor: UIColor? { didSet { textChanged(); setNeedsDisplay() } }
    /// The text's shadow colour (nil: none) and offset, pt (default (0, −1)).
    open var shadowColor: UIColor? { didSet { textChanged(); setNeedsDisplay() } }
    open var shadowOffset = CGSize(width: 0, height: -1) { didSet { textChanged(); setNeedsDisplay() } }
    /// Stored only (the full text shows on hover, which a snapshot has not).
    open var showsExpansionTextWhenTruncated = false
    /// Stored only; a tightened truncation is not drawn (DESIGN.md "To check on a device").
    open var allowsDefaultTighteningForTruncation = false

    // MARK: The dispatch (overridable)

    /// `textRect(forBounds: (0, 0, W, FLT_MAX), limitedToNumberOfLines: numberOfLines).size` rounded up to the pixel
    /// grid, W = `preferredMaxLayoutWidth` (> 0, multi-line), else the width Auto Layout gave a multi-line label,
    /// else 32-bit `FLT_MAX`.
    open override var intrinsicContentSize: CGSize { baseIntrinsicContentSize() }
    /// `textRect(forBounds: (0, 0, W, FLT_MAX), limitedToNumberOfLines: numberOfLines).size` rounded up to the pixel
    /// grid, W = `size.width` for a multi-line label (0 or unbounded: `FLT_MAX`), `FLT_MAX` for one line.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { baseSizeThatFits(size) }
    /// Calls `drawText(in: bounds)`.
    open override func draw(_ rect: CGRect) { baseDraw(rect) }
    /// The rect of the text laid out in `bounds` (at most `numberOfLines` lines, 0 = no limit, and the whole lines
    /// that fit its height), at `bounds.origin`, pixel-rounded; zero-sized for empty text.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        baseTextRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines)
    }
    /// Lays the text out for `rect` (its width, `numberOfLines`, `lineBreakMode`, the lines that fit its height),
    /// centres the block vertically with the baseline on the pixel grid, and draws it.
    open func drawText(in rect: CGRect) { baseDrawText(in: rect) }

    /// What changes the text's size: the intrinsic size is invalidated and the label redrawn.
    private func contentChanged() {
        textChanged()
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    /// A property the text is shaped or drawn with changed: the shaped text kept for reuse is no longer valid.
    private func textChanged() { contentVersion &+= 1 }

    /// Counts the changes of what the text is shaped and drawn with (`ShapingCache`'s key).
    package private(set) var contentVersion = 0
    /// The text shaped for the last `textRect`/`drawText`, with the version and traits it was shaped for.
    var shapingCache: ShapingCache?

    /// Auto Layout gave the label `width`: a multi-line label with no `preferredMaxLayoutWidth` wraps at it from the
    /// next pass (iOS 8's automatic preferred width), which invalidates its intrinsic size once.
    package func engineGaveWidth(_ width: CGFloat) {
        guard numberOfLines != 1, preferredMaxLayoutWidth == 0, state.automaticLayoutWidth != width else { return }
        state.automaticLayoutWidth = width
        invalidateIntrinsicContentSize()
    }
}
