import UIKit

// Padded UILabel subclasses written for these tests, one per pattern real apps ship (DocC "UIKit on Linux": the
// survey of 41 subclasses). Each pads by `insets`; the comments name what the pattern gets wrong on iOS, if anything.

/// Insets in `drawText(in:)`, added in `intrinsicContentSize`.
class DrawTextPaddedLabel: UILabel {
    var insets = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    override func drawText(in rect: CGRect) { super.drawText(in: rect.inset(by: insets)) }
    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + insets.left + insets.right, height: size.height + insets.top + insets.bottom)
    }
}

/// The same, and `bounds { didSet }` wrapping the text at the width inside the insets (Auto Layout's second pass).
class WrappingPaddedLabel: DrawTextPaddedLabel {
    override var bounds: CGRect {
        didSet { preferredMaxLayoutWidth = bounds.width - (insets.left + insets.right) }
    }
}

/// `sizeThatFits` adding the insets to `super.sizeThatFits(size)` measured at the unreduced width: the text wraps
/// too wide, and a multi-line label sized by it loses its last line.
class UnreducedFitLabel: DrawTextPaddedLabel {
    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let fitted = super.sizeThatFits(size)
        return CGSize(width: fitted.width + insets.left + insets.right, height: fitted.height + insets.top + insets.bottom)
    }
}

/// `sizeThatFits` subtracting the insets before asking `super`, then adding them: correct.
class ReducedFitLabel: DrawTextPaddedLabel {
    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let inner = CGSize(width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
        let fitted = super.sizeThatFits(inner)
        return CGSize(width: fitted.width + insets.left + insets.right, height: fitted.height + insets.top + insets.bottom)
    }
}

/// Insets in `drawText`, and `textRect` outsetting them (no size override: sizes come through `textRect`).
class TextRectPaddedLabel: UILabel {
    var insets = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    override func drawText(in rect: CGRect) { super.drawText(in: rect.inset(by: insets)) }
    override func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        let text = super.textRect(forBounds: bounds.inset(by: insets), limitedToNumberOfLines: numberOfLines)
        let outset = UIEdgeInsets(top: -insets.top, left: -insets.left, bottom: -insets.bottom, right: -insets.right)
        return text.inset(by: outset)
    }
}

/// `textRect` outsetting and `intrinsicContentSize` adding the insets as well: counted twice, as on iOS.
class TwicePaddedLabel: TextRectPaddedLabel {
    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + insets.left + insets.right, height: size.height + insets.top + insets.bottom)
    }
}

/// `textRect` insetting without outsetting, and `intrinsicContentSize` adding the insets.
class InsetTextRectLabel: UILabel {
    var insets = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    override func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        super.textRect(forBounds: bounds.inset(by: insets), limitedToNumberOfLines: numberOfLines)
    }
    override func drawText(in rect: CGRect) { super.drawText(in: rect.inset(by: insets)) }
    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + insets.left + insets.right, height: size.height + insets.top + insets.bottom)
    }
}

/// `drawText` placing the text at the top of the padded rect with `self.textRect`.
class TopAlignedLabel: UILabel {
    var insets = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + insets.left + insets.right, height: size.height + insets.top + insets.bottom)
    }
    override func drawText(in rect: CGRect) {
        let inner = rect.inset(by: insets)
        let text = textRect(forBounds: inner, limitedToNumberOfLines: numberOfLines)
        super.drawText(in: CGRect(x: inner.minX, y: inner.minY, width: inner.width, height: text.height))
    }
}

/// `draw(_:)` filling a rounded background with `UIBezierPath`, then the text.
class RoundedBackgroundLabel: DrawTextPaddedLabel {
    var fill = UIColor.systemYellow
    override func draw(_ rect: CGRect) {
        fill.setFill()
        UIBezierPath(roundedRect: bounds, cornerRadius: 6).fill()
        super.draw(rect)
    }
}

/// A capsule: the corner radius set from the height in `layoutSubviews`.
class CapsuleLabel: DrawTextPaddedLabel {
    private(set) var layoutCount = 0
    override func layoutSubviews() {
        super.layoutSubviews()
        layoutCount += 1
        layer.cornerRadius = bounds.height / 2
    }
}

/// Re-styled in `traitCollectionDidChange`: bold and a border in the dark appearance.
class TraitStyledLabel: DrawTextPaddedLabel {
    private(set) var deliveries: [UIUserInterfaceStyle?] = []
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        deliveries.append(previousTraitCollection?.userInterfaceStyle)
        let dark = traitCollection.userInterfaceStyle == .dark
        font = dark ? UIFont(name: "DejaVuSans-Bold", size: 17) : UIFont(name: "DejaVuSans", size: 17)
        layer.borderWidth = dark ? 1 : 0
    }
}

/// `textRect` asking `intrinsicContentSize`, whose base asks `textRect`: the two call each other without end.
class RecursiveLabel: UILabel {
    override func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        let size = intrinsicContentSize
        return CGRect(origin: bounds.origin, size: size)
    }
}

/// `bounds { didSet }` that changes `preferredMaxLayoutWidth` every time: Auto Layout never settles.
class RestlessLabel: UILabel {
    override var bounds: CGRect {
        didSet { preferredMaxLayoutWidth = preferredMaxLayoutWidth == 100 ? 50 : 100 }
    }
}

/// The font the tests measure with FontReference: DejaVu Sans at 17 pt.
func dejaVu(_ size: CGFloat = 17) -> UIFont { UIFont(name: "DejaVuSans", size: size)! }
