#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CImaging

/// An RGBA8 image in pixels: row-major, top row first, 4 bytes per pixel (R, G, B, A),
/// 8-bit sRGB with straight (non-premultiplied) alpha, no row padding.
public struct Bitmap: Equatable, Sendable {
    /// Largest pixel count a bitmap may hold (256 Mpx, 1 GiB of RGBA); checked before allocating.
    public static let maximumPixelCount = 1 << 28

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes.
    public var pixels: [UInt8]

    /// A bitmap filled with `color` (default transparent).
    /// - Throws: `RasterError.invalidSize` for negative sizes or more than `maximumPixelCount` pixels.
    public init(width: Int, height: Int, fill color: Color = .clear) throws {
        try Bitmap.checkSize(width: width, height: height)
        self.width = width
        self.height = height
        let count = width * height
        if color == .clear {
            pixels = [UInt8](repeating: 0, count: count * 4)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buf, n in
                if let p = buf.baseAddress { lsr_fill_pixels(p, color.kernelColor, count) }
                n = count * 4
            }
        }
    }

    /// Wraps an existing RGBA8 buffer.
    /// - Throws: `RasterError.invalidSize`, or `.pixelCountMismatch` when `pixels.count != width × height × 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        try Bitmap.checkSize(width: width, height: height)
        guard pixels.count == width * height * 4 else {
            throw RasterError.pixelCountMismatch(expected: width * height * 4, actual: pixels.count)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    static func checkSize(width: Int, height: Int) throws {
        guard width >= 0, height >= 0,
              width == 0 || height <= maximumPixelCount / width else {
            throw RasterError.invalidSize(width: width, height: height)
        }
    }

    /// Same size and the same bytes: one `memcmp` of the pixel buffers, fast in unoptimised builds too.
    public static func == (lhs: Bitmap, rhs: Bitmap) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.pixels.count == rhs.pixels.count else { return false }
        return lhs.pixels.withUnsafeBytes { a in
            rhs.pixels.withUnsafeBytes { b in
                a.count == 0 || a.baseAddress == b.baseAddress || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
            }
        }
    }

    /// The colour at pixel (`x`, `y`), (0, 0) the top-left pixel.
    ///
    /// - Precondition: `0 <= x < width` and `0 <= y < height`. As `Array`'s subscript, a pixel outside the bitmap is
    ///   a programming error that stops the process, naming the pixel and the size; for coordinates that may lie
    ///   outside (computed from another image's size), read with ``pixel(x:y:)``, which returns nil there.
    public subscript(x: Int, y: Int) -> Color {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            let i = (y * width + x) * 4
            return Color(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
            let i = (y * width + x) * 4
            pixels[i] = newValue.red; pixels[i + 1] = newValue.green
            pixels[i + 2] = newValue.blue; pixels[i + 3] = newValue.alpha
        }
    }

    /// The colour at pixel (`x`, `y`), or nil when it lies outside the bitmap: the subscript without its precondition,
    /// for coordinates that may be outside (a pixel of a reference looked up in an actual image of another size).
    public func pixel(x: Int, y: Int) -> Color? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        return self[x, y]
    }
}
