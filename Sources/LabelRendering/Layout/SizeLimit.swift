import Foundation

/// The one size limit of measured text (docs/layout-rules.md, Early stop): a text block more than
/// `PaddedLabel.maximumLength` points wide or tall is refused with `LabelError.textTooLarge`, found while it is
/// measured — wrapping stops at the first line past the limit and a line's width stops growing past it — so a
/// 10 MB text costs what the first million points do, and no size over the limit (or infinite) is returned.
extension LineLayout {
    /// The most plain lines whose block (`blockHeight(lines:)`) is within the limit.
    var linesWithinLimit: Int {
        let pitch = lineHeight + label.lineSpacing
        guard pitch > 0 else { return Int.max }
        let n = ((PaddedLabel.maximumLength + label.lineSpacing) / pitch).rounded(.down)
        return n.isFinite && n < 1e15 ? max(1, Int(n)) : Int.max
    }

    /// The width of a paragraph on one line measured without a width limit.
    /// - Throws: `LabelError.textTooLarge` once it passes the limit (the rest is not shaped).
    func unlimitedLineWidth(_ paragraph: Range<Int>) throws -> CGFloat {
        guard let width = try lineWidth(paragraph, unlessBeyond: PaddedLabel.maximumLength) else {
            throw LabelError.textTooLarge(side: "wide")
        }
        return width
    }

    /// `size`, checked: throws `LabelError.textTooLarge` for a measured size over the limit or not finite.
    @discardableResult
    func checkWithinLimit(_ size: CGSize) throws -> CGSize {
        let m = PaddedLabel.maximumLength
        guard size.width.isFinite, size.width <= m else { throw LabelError.textTooLarge(side: "wide") }
        guard size.height.isFinite, size.height <= m else { throw LabelError.textTooLarge(side: "tall") }
        return size
    }
}
