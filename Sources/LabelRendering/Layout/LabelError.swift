import Foundation
import Typesetting

/// Errors from laying out a label: invalid geometry or properties, or a font problem.
public enum LabelError: Error, CustomStringConvertible, Equatable {
    case invalidScale(CGFloat)
    case invalidInsets(EdgeInsets)
    case invalidBounds(CGRect)
    case invalidNumberOfLines(Int)
    case invalidProperty(name: String, value: CGFloat)
    /// An attribute of `attributedText` (`kern`, `paragraphStyle.lineSpacing`, `attachment.bounds.width` …) that
    /// is NaN, infinite or out of the label's limits, with the UTF-16 range of the run that holds it.
    case invalidAttribute(name: String, value: CGFloat, range: Range<Int>)
    /// `language` is not a well-formed BCP 47 tag (RFC 5646 §2.1).
    case invalidLanguage(String)
    case tooLarge(widthPx: Int, heightPx: Int, limit: Int)
    /// The text measures more than `maximumLength` points on one `side` ("wide" or "tall"): measuring stopped there.
    case textTooLarge(side: String)
    case font(TypesettingError)

    public var description: String {
        switch self {
        case .invalidLanguage(let tag):
            return "invalid language \(String(reflecting: tag)): use a BCP 47 tag such as ko, ja, zh-Hans (subtags of 1 to 8 ASCII letters or digits joined by \"-\", the first of 2 to 8 letters), or nil to guess from the text"
        case .invalidScale(let s): return "invalid scale \(s): use a finite scale from 0.01 to 16 (1, 2 or 3 as UIScreen)"
        case .invalidInsets(let i):
            return "invalid insets (top \(n(i.top)), left \(n(i.left)), bottom \(n(i.bottom)), right \(n(i.right))): every inset must be a finite number of points within ±\(n(PaddedLabel.maximumLength))"
        case .invalidBounds(let r):
            return "invalid bounds (x \(n(r.origin.x)), y \(n(r.origin.y)), width \(n(r.size.width)), height \(n(r.size.height))): x and y must be finite, width and height ≥ 0 and ≤ \(n(PaddedLabel.maximumLength)) points (textRect(forBounds:) also takes .infinity for no limit)"
        case .invalidNumberOfLines(let n): return "invalid numberOfLines \(n): use 0 (unlimited) or a positive count"
        case .invalidProperty(let name, let value):
            if name == "minimumScaleFactor" { return "invalid minimumScaleFactor \(n(value)): use a number from 0 to 1" }
            if name == "alpha" {
                return "invalid alpha \(n(value)): use an opacity from 0 to 1 (values below 0 draw as 0 and above 1 as 1, as UIView.alpha; NaN has no opacity)"
            }
            if name == "preferredMaxLayoutWidth" {
                return "invalid preferredMaxLayoutWidth \(n(value)): use a width in points, or 0 or .infinity for no preferred width"
            }
            if name == "font size × scale" {
                return "font size × scale = \(n(value)) px per em exceeds \(n(PaddedLabel.maximumPixelsPerEm)): use a smaller font size or scale"
            }
            return "invalid \(name) \(n(value)): " + advice(name)
        case .invalidAttribute(let name, let value, let range):
            return "invalid \(name) \(n(value)) (attributedText \(range.lowerBound)..<\(range.upperBound)): " + advice(name)
        case .tooLarge(let w, let h, let limit):
            return "label of \(w)×\(h) px exceeds the limit of \(PaddedLabel.maximumPixelDimension) px a side and \(limit) pixels: give it smaller bounds, text or scale"
        case .textTooLarge(let side):
            return "text more than \(n(PaddedLabel.maximumLength)) pt \(side) (the limit of a label's lengths): give the label less text, "
                + "a smaller font, or fewer lines (numberOfLines)"
        case .font(let e): return e.description
        }
    }

    /// What a length of `name` may be: signed ones (offsets, kern, a tail indent, an attachment's origin) within
    /// ±`maximumLength`, the others non-negative up to it.
    private func advice(_ name: String) -> String {
        let signed = ["shadowOffset", "kern", "tracking", "baselineOffset", "paragraphStyle.tailIndent", "attachment.bounds.x", "attachment.bounds.y"]
        let m = n(PaddedLabel.maximumLength)
        return signed.contains(name) ? "use a finite number within ±\(m)" : "use a finite, non-negative number up to \(m)"
    }

    /// A number as people write it: no trailing ".0", no `Foundation.CGFloat(...)` wrapping.
    private func n(_ v: CGFloat) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(Double(v))"
    }
}
