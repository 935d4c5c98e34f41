import Foundation
import Typesetting

/// Errors from laying out a label: invalid geometry or properties, or a font problem.
public enum LabelError: Error, CustomStringConvertible, Equatable {
    case invalidScale(CGFloat)
    case invalidInsets(EdgeInsets)
    case invalidBounds(CGRect)
    case invalidNumberOfLines(Int)
    case invalidProperty(name: String, value: CGFloat)
    case tooLarge(widthPx: Int, heightPx: Int, limit: Int)
    case font(TypesettingError)

    public var description: String {
        switch self {
        case .invalidScale(let s): return "invalid scale \(s): use a finite scale from 0.01 to 16 (1, 2 or 3 as UIScreen)"
        case .invalidInsets(let i): return "invalid insets \(i): every inset must be a finite number of points"
        case .invalidBounds(let r): return "invalid bounds \(r): width and height must be finite and ≥ 0 points"
        case .invalidNumberOfLines(let n): return "invalid numberOfLines \(n): use 0 (unlimited) or a positive count"
        case .invalidProperty(let name, let value): return "invalid \(name) \(value): use a finite, non-negative number of points"
        case .tooLarge(let w, let h, let limit):
            return "label of \(w)×\(h) px exceeds the limit of \(PaddedLabel.maximumPixelDimension) px a side and \(limit) pixels: give it smaller bounds, text or scale"
        case .font(let e): return e.description
        }
    }
}
