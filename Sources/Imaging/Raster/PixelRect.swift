/// An integer rectangle in pixels: origin top-left, `width` and `height` ≥ 0.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// Left edge, px.
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// A rect; negative sizes become 0, and sizes are clamped so that `x + width` and `y + height`
    /// stay representable (a rect from user input can never overflow the arithmetic on it).
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y
        self.width = min(max(0, width), Int.max - max(0, x))
        self.height = min(max(0, height), Int.max - max(0, y))
    }

    /// Whether the rect covers no pixel.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The overlap of two rects; empty (at the origin of `self`) when they do not overlap.
    public func intersection(with other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        guard x0 < x1, y0 < y1 else { return PixelRect(x: x, y: y, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether pixel (`px`, `py`) lies inside (right and bottom edges exclusive).
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < x + width && py >= y && py < y + height
    }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
