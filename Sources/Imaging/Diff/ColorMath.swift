import Foundation

// MARK: - YIQ (pixelmatch)

/// pixelmatch's colour metric (Kotsarenko & Ramos 2010, "Measuring perceived color difference using
/// YIQ NTSC transmission color space in mobile applications"), with pixelmatch's published coefficients.
package enum YIQ {
    /// The largest possible delta (red vs cyan): the `35215` of `35215·threshold²`.
    package static let maximumDelta = 35215.0

    // RGB → Y, I, Q rows (pixelmatch's), written as literals in the formulas below so that unoptimised
    // builds read no global per pixel:
    //   Y = 0.29889531·R + 0.58662247·G + 0.11448223·B
    //   I = 0.59597799·R − 0.27417610·G − 0.32180189·B
    //   Q = 0.21147017·R − 0.52261711·G + 0.31114694·B

    /// Squared YIQ distance `0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²` between two straight-alpha colours,
    /// translucent ones composited onto `background` (each channel 0…255).
    /// The result is ≥ 0; `lighter` tells whether `b` is brighter (higher Y) than `a`.
    package static func delta(_ a: Color, _ b: Color, background: (Double, Double, Double) = (255, 255, 255))
        -> (delta: Double, lighter: Bool) {
        let d = channelDifferences(Int(a.red), Int(a.green), Int(a.blue), Int(a.alpha),
                                   Int(b.red), Int(b.green), Int(b.blue), Int(b.alpha), background)
        let (delta, y) = deltaFromDifferences(d.0, d.1, d.2)
        return (delta, y < 0)
    }

    /// Differences `a − b` per channel after compositing both onto the background:
    /// `(ca·aa − cb·ab − bg·(aa − ab)) / 255`, which is exact for opaque pairs (`ca − cb`).
    @inline(__always)
    static func channelDifferences(_ r1: Int, _ g1: Int, _ b1: Int, _ a1: Int,
                                   _ r2: Int, _ g2: Int, _ b2: Int, _ a2: Int,
                                   _ bg: (Double, Double, Double)) -> (Double, Double, Double) {
        if a1 == 255 && a2 == 255 {
            return (Double(r1 - r2), Double(g1 - g2), Double(b1 - b2))
        }
        let da = Double(a1 - a2)
        return ((Double(r1 * a1 - r2 * a2) - bg.0 * da) / 255,
                (Double(g1 * a1 - g2 * a2) - bg.1 * da) / 255,
                (Double(b1 * a1 - b2 * a2) - bg.2 * da) / 255)
    }

    /// Brightness difference ΔY for channel differences.
    @inline(__always)
    static func lumaFromDifferences(_ dr: Double, _ dg: Double, _ db: Double) -> Double {
        dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
    }

    /// (squared YIQ delta, ΔY) for channel differences.
    @inline(__always)
    static func deltaFromDifferences(_ dr: Double, _ dg: Double, _ db: Double) -> (Double, Double) {
        let y = dr * 0.29889531 + dg * 0.58662247 + db * 0.11448223
        let i = dr * 0.59597799 - dg * 0.27417610 - db * 0.32180189
        let q = dr * 0.21147017 - dg * 0.52261711 + db * 0.31114694
        return (0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q, y)
    }

    /// pixelmatch 7's background for translucent pixels at byte offset `k` (`4 × pixel index`):
    /// each channel 48 or 207 in a golden-ratio pattern, so transparency shows against dark and light.
    @inline(__always)
    static func checkerboard(byteOffset k: Int) -> (Double, Double, Double) {
        let r = 48 + 159 * (k & 1)
        let g = 48 + 159 * (Int(Double(k) / 1.618033988749895) & 1)
        let b = 48 + 159 * (Int(Double(k) / 2.618033988749895) & 1)
        return (Double(r), Double(g), Double(b))
    }

    /// Y of an opaque colour (pixelmatch's grey for the faded reference).
    @inline(__always)
    static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        Double(r) * 0.29889531 + Double(g) * 0.58662247 + Double(b) * 0.11448223
    }
}

// MARK: - CIELAB and ΔE94

/// A CIELAB colour (D65 white, 2° observer): `L` 0…100, `a`, `b` roughly −128…127.
package struct CIELab: Hashable, Sendable, CustomStringConvertible {
    package var L: Double
    package var a: Double
    package var b: Double

    package init(L: Double, a: Double, b: Double) { self.L = L; self.a = a; self.b = b }

    /// D65 reference white in XYZ (Y = 1), as used with sRGB (IEC 61966-2-1).
    static let whiteX = 0.95047, whiteY = 1.0, whiteZ = 1.08883

    /// An opaque 8-bit sRGB colour; `alpha` is ignored (composite first).
    package init(_ c: Color) {
        self.init(linearRed: srgbToLinearTable[Int(c.red)], green: srgbToLinearTable[Int(c.green)],
                  blue: srgbToLinearTable[Int(c.blue)])
    }

    /// sRGB channels 0…255 (fractional allowed, as after compositing).
    package init(sRGBRed r: Double, green g: Double, blue b: Double) {
        self.init(linearRed: srgbToLinear(r / 255), green: srgbToLinear(g / 255), blue: srgbToLinear(b / 255))
    }

    /// Linear-light sRGB 0…1 → XYZ (sRGB primaries, D65) → Lab.
    init(linearRed r: Double, green g: Double, blue bl: Double) {
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * bl) / CIELab.whiteX
        let y = (0.2126729 * r + 0.7151522 * g + 0.0721750 * bl) / CIELab.whiteY
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * bl) / CIELab.whiteZ
        let fx = labF(x), fy = labF(y), fz = labF(z)
        L = 116 * fy - 16
        a = 500 * (fx - fy)
        b = 200 * (fy - fz)
    }

    /// Chroma `C*ab = √(a² + b²)`.
    package var chroma: Double { (a * a + b * b).squareRoot() }

    /// CIE 1994 colour difference with graphic-arts weights (kL = kC = kH = 1, K1 = 0.045, K2 = 0.015),
    /// `self` being the reference (standard) colour whose chroma sets the weights `SC = 1 + K1·C1`,
    /// `SH = 1 + K2·C1`. Not symmetric, as CIE 116-1995 defines it.
    package func deltaE94(to other: CIELab) -> Double {
        let dL = L - other.L
        let c1 = chroma, c2 = other.chroma
        let dC = c1 - c2
        let da = a - other.a, db = b - other.b
        let dH2 = max(0, da * da + db * db - dC * dC)
        let sC = 1 + 0.045 * c1
        let sH = 1 + 0.015 * c1
        let tC = dC / sC
        return (dL * dL + tC * tC + dH2 / (sH * sH)).squareRoot()
    }

    package var description: String {
        "Lab(\(formatNumber(L)), \(formatNumber(a)), \(formatNumber(b)))"
    }
}

@inline(__always)
private func labF(_ t: Double) -> Double {
    // CIE: t^(1/3) above (6/29)³, linear below.
    t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116
}

/// The sRGB transfer function inverted (IEC 61966-2-1), input 0…1.
@inline(__always)
func srgbToLinear(_ v: Double) -> Double {
    v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
}

let srgbToLinearTable: [Double] = (0...255).map { srgbToLinear(Double($0) / 255) }

/// ΔE94 between two straight-alpha colours composited onto `background` (channels 0…255);
/// `reference` sets the weights.
func deltaE94(_ reference: Color, _ actual: Color, background: (Double, Double, Double)) -> Double {
    func lab(_ c: Color) -> CIELab {
        if c.alpha == 255 { return CIELab(c) }
        let a = Double(c.alpha) / 255
        return CIELab(sRGBRed: Double(c.red) * a + background.0 * (1 - a),
                      green: Double(c.green) * a + background.1 * (1 - a),
                      blue: Double(c.blue) * a + background.2 * (1 - a))
    }
    return lab(reference).deltaE94(to: lab(actual))
}
