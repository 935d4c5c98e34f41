import UIKitSnapshotTesting

// Label subclasses written for these tests, in the patterns of the survey (DocC "UIKit on Linux").

/// Insets in `drawText`, added in `intrinsicContentSize`, the text wrapped inside them from `bounds { didSet }`.
class BadgeLabel: UILabel {
    var insets = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    override func drawText(in rect: CGRect) { super.drawText(in: rect.inset(by: insets)) }
    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + insets.left + insets.right, height: size.height + insets.top + insets.bottom)
    }
    override var bounds: CGRect {
        didSet { preferredMaxLayoutWidth = bounds.width - (insets.left + insets.right) }
    }
}

/// A badge re-styled for the dark appearance in `traitCollectionDidChange`, its corners a capsule's.
class ThemedBadge: BadgeLabel {
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        let dark = traitCollection.userInterfaceStyle == .dark
        backgroundColor = dark ? .systemIndigo : .systemYellow
        textColor = dark ? .white : .black
    }
    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.height / 2
    }
}

@MainActor func makeBadge(_ text: String = "않이 패딩이 왜 없어..?") -> BadgeLabel {
    let label = BadgeLabel()
    label.font = UIFont(name: "DejaVuSans", size: 17)
    label.text = text
    label.numberOfLines = 0
    label.backgroundColor = .systemYellow
    label.layer.cornerRadius = 8
    return label
}

/// Pads in `drawText` and `intrinsicContentSize`, and adds the insets to `super.sizeThatFits(size)` asked at the
/// whole width: a container sizing it with `sizeThatFits` gives it too little height for the wrapped text.
class UnreducedFitBadge: BadgeLabel {
    override func sizeThatFits(_ size: CGSize) -> CGSize {
        let fit = super.sizeThatFits(size)
        return CGSize(width: fit.width + insets.left + insets.right, height: fit.height + insets.top + insets.bottom)
    }
}

/// A chip in `color` on `background`, 15 pt DejaVu Sans (a fixed font), one line.
@MainActor func makeChip(_ text: String = "Beta", color: UIColor = .systemGray, background: UIColor = .systemGray5,
                         font: UIFont? = UIFont(name: "DejaVuSans", size: 15)) -> BadgeLabel {
    let label = BadgeLabel()
    label.font = font
    label.text = text
    label.textColor = color
    label.backgroundColor = background
    return label
}
