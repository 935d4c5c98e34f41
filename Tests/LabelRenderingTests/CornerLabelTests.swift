import Foundation
@testable import LabelRendering
import Imaging
import Typesetting
import XCTest

/// A label's corners: resolved from its laid-out bounds, drawn as the shape, clipping the text when asked.
final class CornerLabelTests: XCTestCase {
    /// The pixels of a background filled white inside `inside`, counted here over 4×4 samples per pixel.
    private func expectedAlpha(_ inside: (Double, Double) -> Bool, width: Int, height: Int) -> [Int] {
        var out: [Int] = []
        for py in 0..<height {
            for px in 0..<width {
                var hits = 0
                for sy in 0..<4 { for sx in 0..<4 where inside(Double(px) + (Double(sx) + 0.5) / 4, Double(py) + (Double(sy) + 0.5) / 4) { hits += 1 } }
                out.append(hits * 255 / 16)
            }
        }
        return out
    }

    private func alphas(_ b: Bitmap) -> [Int] { (0..<b.width * b.height).map { Int(b.pixels[$0 * 4 + 3]) } }

    /// A stadium of `w` × `h` px: a rect with half circles of radius h/2 at both ends (h ≤ w).
    private func stadium(_ w: Double, _ h: Double) -> (Double, Double) -> Bool {
        { x, y in
            guard x >= 0, x < w, y >= 0, y < h else { return false }
            let r = h / 2, cx = min(max(x, r), w - r)
            return (x - cx) * (x - cx) + (y - r) * (y - r) <= r * r
        }
    }

    /// A pill badge in the body style stays a capsule in all twelve content size categories: its radius is half
    /// of each category's own height, and its background's pixels are the stadium's (counted here). The body sizes are
    /// Apple's Dynamic Type table, typed in.
    func testCapsuleInEveryContentSizeCategory() throws {
        let bodySizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        XCTAssertEqual(ContentSizeCategory.allCases.count, 12)
        var heights: Set<Double> = []
        for (category, size) in zip(ContentSizeCategory.allCases, bodySizes) {
            var label = PaddedLabel("NEW", font: .preferred(.body), insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
            label.contentSizeCategory = category
            label.cornerConfiguration = .capsule()
            label.backgroundColor = .white
            label.textColor = .clear
            XCTAssertEqual(label.font.pointSize, size, "\(category)")
            let layout = try label.makeLayout()
            let h = Double(layout.bounds.height), w = Double(layout.bounds.width)
            heights.insert(h)
            XCTAssertEqual(layout.cornerRadii, CornerRadii(uniform: h / 2), "\(category)")
            let bitmap = try LabelRenderer.render(layout)
            XCTAssertEqual(alphas(bitmap), expectedAlpha(stadium(w, h), width: bitmap.width, height: bitmap.height), "\(category)")
            XCTAssertTrue(layout.layoutDescription.contains("corners: \(LabelDescriptionNumber(h / 2)) \(LabelDescriptionNumber(h / 2))"), layout.layoutDescription)
        }
        XCTAssertEqual(heights.count, 12)  // every category its own height, so a fixed radius could not follow
        // With a maximum radius the capsule stops growing: 10 pt at most.
        var label = PaddedLabel("NEW", font: .preferred(.body), insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
        label.contentSizeCategory = .accessibilityExtraExtraExtraLarge
        label.cornerConfiguration = .capsule(maximumRadius: 10)
        XCTAssertEqual(try label.makeLayout().cornerRadii, CornerRadii(uniform: 10))
    }

    private func LabelDescriptionNumber(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(format: "%.2f", r).replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
    }

    /// Per-corner radii, in `.layout` (top-left, top-right, bottom-left, bottom-right) and in the pixels.
    func testPerCornerRadii() throws {
        var label = PaddedLabel("", font: .default(size: 17))
        label.bounds = CGRect(x: 0, y: 0, width: 60, height: 30)
        label.backgroundColor = .white
        label.cornerConfiguration = .corners(topLeftRadius: 0, topRightRadius: 15, bottomLeftRadius: nil, bottomRightRadius: 6)
        let layout = try label.makeLayout()
        XCTAssertEqual(layout.cornerRadii, CornerRadii(topLeft: 0, topRight: 15, bottomLeft: 0, bottomRight: 6))
        XCTAssertTrue(layout.layoutDescription.contains("corners: 0 15 0 6 pt circular\n"), layout.layoutDescription)
        let bitmap = try LabelRenderer.render(layout)
        let inside: (Double, Double) -> Bool = { x, y in
            if x > 45, y < 15 { return (x - 45) * (x - 45) + (y - 15) * (y - 15) <= 225 }
            if x > 54, y > 24 { return (x - 54) * (x - 54) + (y - 24) * (y - 24) <= 36 }
            return x >= 0 && x < 60 && y >= 0 && y < 30
        }
        XCTAssertEqual(alphas(bitmap), expectedAlpha(inside, width: 60, height: 30))
        // Radii that do not fit are scaled by one factor: right side 15 + 30 over 30 → × 2/3.
        label.cornerConfiguration = .corners(topLeftRadius: 0, topRightRadius: 15, bottomLeftRadius: 0, bottomRightRadius: 30)
        XCTAssertEqual(try label.makeLayout().cornerRadii, CornerRadii(topLeft: 0, topRight: 10, bottomLeft: 0, bottomRight: 20))
    }

    /// Leading and trailing corners follow the layout direction; UIKit's physical corners and `CACornerMask` do not.
    func testDirectionalCornersInRightToLeft() throws {
        var label = PaddedLabel("שלום", font: .default(size: 17))
        label.bounds = CGRect(x: 0, y: 0, width: 80, height: 30)
        label.cornerConfiguration = .corners(topLeadingRadius: 12, topTrailingRadius: 0, bottomLeadingRadius: 0, bottomTrailingRadius: 4)
        label.layoutDirection = .leftToRight
        XCTAssertEqual(label.cornerRadii(in: CGSize(width: 80, height: 30)), CornerRadii(topLeft: 12, topRight: 0, bottomLeft: 0, bottomRight: 4))
        label.layoutDirection = .rightToLeft
        XCTAssertEqual(try label.makeLayout().cornerRadii, CornerRadii(topLeft: 0, topRight: 12, bottomLeft: 4, bottomRight: 0))
        label.cornerConfiguration = .corners(topLeftRadius: 12, topRightRadius: 0, bottomLeftRadius: 0, bottomRightRadius: 4)
        XCTAssertEqual(try label.makeLayout().cornerRadii, CornerRadii(topLeft: 12, topRight: 0, bottomLeft: 0, bottomRight: 4))
        label.cornerConfiguration = nil
        label.cornerRadius = 8
        label.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        XCTAssertEqual(try label.makeLayout().cornerRadii, CornerRadii(topLeft: 8, topRight: 0, bottomLeft: 0, bottomRight: 8))
    }

    /// `cornerConfiguration` wins over `cornerRadius` and `maskedCorners`.
    func testConfigurationWinsOverCornerRadius() throws {
        var label = PaddedLabel("", font: .default(size: 17))
        label.bounds = CGRect(x: 0, y: 0, width: 80, height: 30)
        label.cornerRadius = 4
        label.maskedCorners = [.layerMinXMinYCorner]
        label.cornerConfiguration = .uniformCorners(radius: 9)
        XCTAssertEqual(try label.makeLayout().cornerRadii, CornerRadii(uniform: 9))
    }

    /// UIKit 26's other cases as its documentation words them ("the top radius … to the top-left and top-right
    /// corners", "the left radius … to the top-left and bottom-left corners" …), a radius as `UICornerRadius`
    /// (`.fixed(_:)` of a variable, a literal, `.containerConcentric(minimum:)`, here its minimum), and one drawn.
    func testUIKit26CasesAndCornerRadius() throws {
        let r = 7.5
        let cases: [(CornerConfiguration, CornerRadii)] = [
            (.uniformTopRadius(12, bottomLeftRadius: 4), CornerRadii(topLeft: 12, topRight: 12, bottomLeft: 4, bottomRight: 0)),
            (.uniformBottomRadius(10, topRightRadius: 2), CornerRadii(topLeft: 0, topRight: 2, bottomLeft: 10, bottomRight: 10)),
            (.uniformLeftRadius(8, topRightRadius: 3, bottomRightRadius: 1), CornerRadii(topLeft: 8, topRight: 3, bottomLeft: 8, bottomRight: 1)),
            (.uniformRightRadius(9, bottomLeftRadius: 5), CornerRadii(topLeft: 0, topRight: 9, bottomLeft: 5, bottomRight: 9)),
            (.uniformEdges(topRadius: 12, bottomRadius: 4), CornerRadii(topLeft: 12, topRight: 12, bottomLeft: 4, bottomRight: 4)),
            (.uniformEdges(leftRadius: 15, rightRadius: 5), CornerRadii(topLeft: 15, topRight: 5, bottomLeft: 15, bottomRight: 5)),
            (.corners(radius: .fixed(r)), CornerRadii(uniform: 7.5)),
            (.uniformCorners(radius: .containerConcentric(minimum: 6)), CornerRadii(uniform: 6)),
            (.corners(radius: .containerConcentric()), CornerRadii(uniform: 0)),
            (.corners(topLeftRadius: .fixed(r), topRightRadius: nil, bottomLeftRadius: 2, bottomRightRadius: .containerConcentric(minimum: 3)),
             CornerRadii(topLeft: 7.5, topRight: 0, bottomLeft: 2, bottomRight: 3)),
        ]
        var label = PaddedLabel("", font: .default(size: 17))
        label.bounds = CGRect(x: 0, y: 0, width: 60, height: 30)
        label.backgroundColor = .white
        for (configuration, radii) in cases {
            label.cornerConfiguration = configuration
            XCTAssertEqual(try label.makeLayout().cornerRadii, radii, "\(configuration)")
        }
        // Drawn: circles of radius 15 at the left corners, 5 at the right ones.
        label.cornerConfiguration = .uniformEdges(leftRadius: 15, rightRadius: 5)
        let inside: (Double, Double) -> Bool = { x, y in
            guard x >= 0, x < 60, y >= 0, y < 30 else { return false }
            let (cx, r): (Double, Double) = x < 30 ? (min(max(x, 15), 45), 15) : (min(max(x, 5), 55), 5)
            let cy = min(max(y, r), 30 - r)
            return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
        }
        XCTAssertEqual(alphas(try LabelRenderer.render(try label.makeLayout())), expectedAlpha(inside, width: 60, height: 30))
        // A negative minimum is refused as a negative radius is.
        label.cornerConfiguration = .corners(radius: .containerConcentric(minimum: -1))
        XCTAssertThrowsError(try label.makeLayout())
    }

    /// With `clipsToBounds` the text is clipped to the shape: a full block (U+2588, DejaVu Sans draws it over the whole
    /// line box) inks the capsule's transparent corner without it, not with it; inside the shape nothing changes.
    func testClipsToBoundsClipsTheText() throws {
        var label = PaddedLabel("\u{2588}\u{2588}\u{2588}\u{2588}", font: .default(size: 20))
        label.cornerConfiguration = .capsule()
        label.textColor = .black
        let open = try label.render()
        label.clipsToBounds = true
        let clipped = try label.render()
        XCTAssertGreaterThan(open[0, 0].alpha, 0)
        XCTAssertEqual(clipped[0, 0].alpha, 0)
        XCTAssertEqual(clipped[open.width / 2, open.height / 2], open[open.width / 2, open.height / 2])
        // The clip's edge is the capsule's: every pixel's alpha is the ink's × the stadium's coverage (within rounding).
        let cover = expectedAlpha(stadium(Double(open.width), Double(open.height)), width: open.width, height: open.height)
        for y in 0..<open.height {
            for x in 0..<open.width {
                let expected = Int(open[x, y].alpha) * cover[y * open.width + x] / 255
                XCTAssertEqual(Int(clipped[x, y].alpha), expected, accuracy: 2, "pixel \(x),\(y)")
            }
        }
    }

    /// Drawn in bands of rows (a long label), the shapes and the clip give the same pixels as drawn whole.
    func testBandsDrawTheSameShapes() throws {
        var label = PaddedLabel("\u{2588}\u{2588} continuous\nand clipped \u{2588}\u{2588}", font: .default(size: 20))
        label.numberOfLines = 0
        label.backgroundColor = Color(red: 0x20, green: 0x80, blue: 0xF0, alpha: 0xC0)
        label.borderWidth = 1.5
        label.borderColor = .black
        label.scale = 2
        for configure in [{ (l: inout PaddedLabel) in l.cornerConfiguration = .capsule(); l.clipsToBounds = true },
                          { (l: inout PaddedLabel) in l.cornerRadius = 14; l.cornerCurve = .continuous; l.clipsToBounds = true },
                          { (l: inout PaddedLabel) in l.cornerConfiguration = .corners(topLeftRadius: 0, topRightRadius: 20, bottomLeftRadius: 9, bottomRightRadius: 3) }] {
            var l = label
            configure(&l)
            let layout = try l.makeLayout()
            let whole = try LabelRenderer.render(layout, bandBytes: 1 << 30)
            let banded = try LabelRenderer.render(layout, bandBytes: 1)   // one row a band
            XCTAssertEqual(whole, banded)
        }
    }
}
