import Foundation
import LabelRendering
import Typesetting
import XCTest

/// NaN, ±infinity, negative and huge numbers in every geometric property: a clear `LabelError`
/// or a defined result, never a trap; oversized labels are rejected before a bitmap is allocated.
final class NumberInputTests: XCTestCase {
    static let bad: [CGFloat] = [.nan, .infinity, -.infinity, .signalingNaN]

    func testFontSize() {
        for size in [Double.nan, .infinity, -.infinity, -1, 0, -0.0, Font.maximumPointSize.nextUp, 1e300] {
            let l = PaddedLabel("x", font: .default(size: size))
            for error in [labelError(try l.makeLayout()), labelError(try l.intrinsicContentSize), labelError(try l.render())] {
                // Compared as text: NaN payloads are never equal.
                XCTAssertEqual(error?.description, LabelError.font(.invalidFontSize(size)).description, "size \(size)")
            }
        }
        XCTAssertEqual(labelError(try PaddedLabel("x", font: .default(size: -3)).makeLayout())?.description,
                       "invalid font size -3 pt: use a finite size > 0 and ≤ 10000 pt")
        // The smallest sizes are defined: a (nearly) empty bitmap.
        for size in [Double.leastNonzeroMagnitude, 1e-9, 0.01] {
            XCTAssertNoThrow(try PaddedLabel("x", font: .default(size: size)).render(), "size \(size)")
        }
    }

    func testScale() throws {
        // Fuzz regression (crash-da80…): a scale of 5e-324 made widths (px ÷ scale) infinite.
        for scale in Self.bad + [0, -1, -0.0, 16.0001, 1e300, .leastNonzeroMagnitude, 1e-6, 0.0099] {
            var l = PaddedLabel("x")
            l.scale = scale
            XCTAssertEqual(labelError(try l.makeLayout()).map { "\($0)".hasPrefix("invalid scale") }, true, "scale \(scale)")
            XCTAssertNotNil(labelError(try l.intrinsicContentSize))
            XCTAssertNotNil(labelError(try l.sizeThatFits(.zero)))
        }
        var tiny = PaddedLabel("x y", font: .default(size: .leastNonzeroMagnitude))
        tiny.scale = 0.01
        tiny.textAlignment = .justified
        let layout = try tiny.makeLayout()
        XCTAssertTrue(layout.glyphs.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        XCTAssertLessThanOrEqual(try tiny.render().width, 3, "glyphs of 1/64 px: a label of a few pixels at most")
        // Fuzz regression (crash-8340…): a tab's advance, converted to em (÷ 5e-324 pt), was infinite, and so
        // was every glyph after it. Kept in points, the tab reaches its stop (28 pt: docs/layout-rules.md, Tabs).
        var tab = PaddedLabel("a\tb", font: .default(size: .leastNonzeroMagnitude))
        tab.numberOfLines = 1
        let tabbed = try tab.makeLayout()
        XCTAssertEqual(tabbed.glyphs.count, 3)
        XCTAssertTrue(tabbed.glyphs.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(tabbed.glyphs.map(\.x))")
        XCTAssertEqual(tabbed.glyphs[2].x - tabbed.glyphs[0].x, 28 * Double(tab.scale), accuracy: 0.25, "b at the first stop")
        XCTAssertNoThrow(try tab.render())
    }

    func testInsets() throws {
        for v in Self.bad {
            for insets in [EdgeInsets(top: v), EdgeInsets(left: v), EdgeInsets(bottom: v), EdgeInsets(right: v)] {
                let l = PaddedLabel("x", insets: insets)
                // Compared as text: NaN payloads are never equal.
                XCTAssertEqual(labelError(try l.makeLayout())?.description, LabelError.invalidInsets(insets).description)
                XCTAssertEqual(labelError(try l.intrinsicContentSize)?.description, LabelError.invalidInsets(insets).description)
            }
        }
        // Negative insets grow the text rect; the padded size never goes below zero.
        let negative = PaddedLabel("x", insets: EdgeInsets(all: -1000))
        XCTAssertEqual(try negative.intrinsicContentSize, .zero)
        XCTAssertEqual(try negative.render().width, 0)
        var bounded = negative
        bounded.bounds = CGRect(x: 0, y: 0, width: 50, height: 30)
        XCTAssertEqual(try bounded.render().width, 50)
    }

    func testHugeFiniteInsetsAndBounds() throws {
        // Finite but huge numbers are rejected with a clear error before any arithmetic can overflow
        // (fuzz regression: bounds 88 × 1e300 pt trapped in makeLayout).
        var fuzzed = PaddedLabel("\u{16}\u{16}missing", font: .default(size: 12), insets: EdgeInsets(top: 1e9, left: 1e300, bottom: 0, right: 1e300))
        fuzzed.numberOfLines = 6
        fuzzed.scale = 2
        XCTAssertThrowsError(try fuzzed.layout(width: 88)) { XCTAssertTrue("\($0)".contains("insets (top 1000000000")) }
        fuzzed.insets = .zero
        fuzzed.bounds = CGRect(x: 0, y: 0, width: 88, height: 1e300)
        guard case .invalidBounds? = labelError(try fuzzed.makeLayout()) else { return XCTFail("expected invalidBounds") }
        for insets in [EdgeInsets(all: 1e300), EdgeInsets(all: .greatestFiniteMagnitude), EdgeInsets(left: 1e308, right: 1e308)] {
            let l = PaddedLabel("x", insets: insets)
            guard case .invalidInsets? = labelError(try l.makeLayout()) else { return XCTFail("\(insets)") }
            guard case .invalidInsets? = labelError(try l.intrinsicContentSize) else { return XCTFail("\(insets)") }
        }
        // Large (allowed) negative insets with small bounds: glyphs land far outside the bitmap and are skipped.
        for v in [-1e6, -5e5, -1e4] {
            var l = PaddedLabel("xyz", insets: EdgeInsets(top: v, left: v, bottom: 0, right: 0))
            l.numberOfLines = 0
            l.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
            let bitmap = try l.render()
            XCTAssertEqual([bitmap.width, bitmap.height], [40, 20])
            XCTAssertTrue(bitmap.pixels.allSatisfy { $0 == 0 }, "inset \(v): nothing visible")
        }
    }

    func testInsetsAtTheEdgeOfTheDoubleRange() throws {
        // Fuzz regressions (Regressions/label-layout/crash-7129…, crash-3f1d…): insets of ∓1.8e308 put the pen
        // and baselines at ±infinity; they are now rejected up front with the allowed range.
        var l = PaddedLabel("\u{16}\u{16}לו\u{16}sing", font: .default(size: 17),
                            insets: EdgeInsets(top: 0.001, left: -.greatestFiniteMagnitude, bottom: -2.5, right: -2.5))
        l.numberOfLines = 1
        guard case .invalidInsets? = labelError(try l.makeLayout()) else { return XCTFail("expected invalidInsets") }
        XCTAssertTrue(l.insets.left.isFinite)
        var tall = PaddedLabel("bbbbbb ia rs", font: .default(size: 62.5), insets: EdgeInsets(bottom: -.greatestFiniteMagnitude))
        tall.bounds = CGRect(x: 0, y: 0, width: 460, height: 99)
        XCTAssertThrowsError(try tall.render()) { XCTAssertTrue("\($0)".contains("within ±1000000"), "\($0)") }
    }

    func testBounds() throws {
        for v in Self.bad {
            for rect in [CGRect(x: 0, y: 0, width: v, height: 10), CGRect(x: 0, y: 0, width: 10, height: v),
                         CGRect(x: v, y: 0, width: 10, height: 10), CGRect(x: 0, y: v, width: 10, height: 10)] {
                var l = PaddedLabel("x")
                l.bounds = rect
                XCTAssertEqual(labelError(try l.makeLayout()).map { "\($0)".hasPrefix("invalid bounds") }, true, "\(rect)")
            }
        }
        var negative = PaddedLabel("x")
        negative.bounds = CGRect(x: 0, y: 0, width: -10, height: 10)
        XCTAssertNotNil(labelError(try negative.makeLayout()))
        var zero = PaddedLabel("x")
        zero.bounds = .zero
        let empty = try zero.render()
        XCTAssertEqual([empty.width, empty.height, empty.pixels.count], [0, 0, 0])
        // A far-away origin is allowed (drawing is relative to the bounds).
        var far = PaddedLabel("x")
        far.bounds = CGRect(x: 1e300, y: -1e300, width: 10, height: 20)
        XCTAssertEqual(try far.render().width, 10)
    }

    func testLayoutWidthAndSizeThatFits() throws {
        for v in Self.bad + [-1] {
            var l = PaddedLabel("x")
            l.numberOfLines = 0
            XCTAssertEqual(labelError(try l.layout(width: v)).map { "\($0)".hasPrefix("invalid bounds") }, true, "width \(v)")
            XCTAssertNil(l.bounds, "a failed layout(width:) leaves the label alone")
        }
        let l = PaddedLabel("hello world", insets: EdgeInsets(all: 4))
        let unconstrained = try l.sizeThatFits(.zero)
        for size in [CGSize(width: CGFloat.nan, height: .nan), CGSize(width: CGFloat.infinity, height: -1),
                     CGSize(width: CGFloat.greatestFiniteMagnitude, height: 0)] {
            XCTAssertEqual(try l.sizeThatFits(size), unconstrained, "\(size)")
        }
        XCTAssertEqual(try l.sizeThatFits(CGSize(width: -100, height: 10)).height, unconstrained.height)
        for rect in [CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10), CGRect(x: 0, y: 0, width: -5, height: -5)] {
            guard case .invalidBounds? = labelError(try l.textRect(forBounds: rect, limitedToNumberOfLines: 0)) else {
                return XCTFail("\(rect)")
            }
        }
        let huge = try l.textRect(forBounds: CGRect(x: 0, y: 0, width: 1e300, height: 1e300), limitedToNumberOfLines: 0)
        XCTAssertTrue(huge.width.isFinite && huge.height.isFinite, "\(huge)")
    }

    /// `Font.scaled`'s limit: NaN, 0 and negative limits are refused when the label is laid out (a NaN limit was
    /// ignored: `min(size, .nan)` is the size); nil and `.infinity` are no limit, a positive one caps the size.
    func testScaledFontLimit() throws {
        for limit in [Double.nan, 0, -4] {
            let l = PaddedLabel("x", font: .scaled(.system(size: 17), maximumPointSize: limit))
            guard case .font(.invalidMaximumPointSize(let got))? = labelError(try l.makeLayout()) else {
                return XCTFail("maximumPointSize \(limit)")
            }
            XCTAssertEqual("\(got)", "\(limit)")
        }
        var huge = PaddedLabel("x", font: .scaled(.system(size: 17), maximumPointSize: .infinity))
        huge.contentSizeCategory = .accessibilityExtraExtraExtraLarge
        var free = huge
        free.font = .scaled(.system(size: 17))
        XCTAssertEqual(try huge.intrinsicContentSize, try free.intrinsicContentSize)
        // body: 17 pt at .large, 53 pt at AX5 (Apple's table); the cap of 20 pt wins.
        XCTAssertEqual(DynamicType.scaledValue(17, relativeTo: .body, in: .accessibilityExtraExtraExtraLarge), 53)
        XCTAssertEqual(DynamicType.scaledValue(17, relativeTo: .body, in: .accessibilityExtraExtraExtraLarge, maximum: 20), 20)
    }

    /// `DynamicType.scaledValue` is IEEE arithmetic, documented: NaN in, NaN out; a NaN maximum is no limit.
    func testScaledValueOfNonFiniteNumbers() {
        XCTAssertTrue(DynamicType.scaledValue(.nan, relativeTo: .body, in: .large).isNaN)
        XCTAssertEqual(DynamicType.scaledValue(.infinity, relativeTo: .body, in: .large), .infinity)
        XCTAssertEqual(DynamicType.scaledValue(17, relativeTo: .body, in: .accessibilityExtraExtraExtraLarge, maximum: .nan), 53)
    }

    func testOtherProperties() {
        for (name, set) in [("preferredMaxLayoutWidth", { (l: inout PaddedLabel, v: CGFloat) in l.preferredMaxLayoutWidth = v }),
                            ("cornerRadius", { $0.cornerRadius = $1 }), ("borderWidth", { $0.borderWidth = $1 })] {
            // An unbounded preferredMaxLayoutWidth is no preferred width (UnboundedLengthTests).
            for v in Self.bad + [-1] where !(name == "preferredMaxLayoutWidth" && v == .infinity) {
                var l = PaddedLabel("x")
                set(&l, v)
                XCTAssertEqual(labelError(try l.makeLayout()).map { "\($0)".hasPrefix("invalid \(name)") }, true, "\(name) \(v)")
            }
        }
        var lines = PaddedLabel("x")
        lines.numberOfLines = -1
        XCTAssertEqual(labelError(try lines.makeLayout()), .invalidNumberOfLines(-1))
        lines.numberOfLines = .max
        XCTAssertNoThrow(try lines.makeLayout())
    }

    func testHugeButFiniteStyling() throws {
        for (name, configure) in [("cornerRadius", { (l: inout PaddedLabel) in l.cornerRadius = 1e300 }),
                                  ("borderWidth", { (l: inout PaddedLabel) in l.borderWidth = .greatestFiniteMagnitude })] {
            var l = PaddedLabel("x", insets: EdgeInsets(all: 3))
            l.numberOfLines = 0
            configure(&l)
            XCTAssertThrowsError(try l.render()) { XCTAssertTrue("\($0)".contains("invalid \(name)"), "\($0)") }
        }
        // The largest allowed values give a defined picture.
        var l = PaddedLabel("x", insets: EdgeInsets(all: 3))
        l.backgroundColor = .white
        l.cornerRadius = PaddedLabel.maximumLength
        l.borderWidth = PaddedLabel.maximumLength
        l.preferredMaxLayoutWidth = PaddedLabel.maximumLength
        l.numberOfLines = 0
        let bitmap = try l.render()
        XCTAssertEqual(bitmap.width, Int((try l.intrinsicContentSize.width).rounded()))
    }

    func test100000PixelWideLabelThrowsBeforeAllocating() throws {
        // Intrinsic width ≈ 100000 px (but only ≈ 1.5 Mpx in all): rejected by the per-side limit.
        let wide = PaddedLabel(String(repeating: "M", count: 4000), font: .default(size: 17))
        let width = try wide.intrinsicContentSize.width
        XCTAssertGreaterThan(width, 50_000)
        guard case .tooLarge(let w, let h, PaddedLabel.maximumPixelCount)? = labelError(try wide.render()) else {
            return XCTFail("expected tooLarge")
        }
        XCTAssertEqual(w, Int(width.rounded()))
        XCTAssertEqual(h, 20)
        var bounded = PaddedLabel("x")
        bounded.bounds = CGRect(x: 0, y: 0, width: 100_000, height: 1)
        XCTAssertEqual(labelError(try bounded.makeLayout()), .tooLarge(widthPx: 100_000, heightPx: 1, limit: PaddedLabel.maximumPixelCount))
        XCTAssertEqual(labelError(try bounded.makeLayout())?.description,
                       "label of 100000×1 px exceeds the limit of 32768 px a side and 67108864 pixels: give it smaller bounds, text or scale")
        // At the limits: 32768 px a side is allowed, one more pixel is not; so is the pixel count.
        bounded.bounds = CGRect(x: 0, y: 0, width: 32768, height: 1)
        XCTAssertEqual(try bounded.makeLayout().pixelWidth, 32768)
        bounded.bounds = CGRect(x: 0, y: 0, width: 32769, height: 1)
        XCTAssertNotNil(labelError(try bounded.makeLayout()))
        bounded.bounds = CGRect(x: 0, y: 0, width: 8192, height: 8193)
        XCTAssertNotNil(labelError(try bounded.makeLayout()))
        bounded.scale = 3
        bounded.bounds = CGRect(x: 0, y: 0, width: 11_000, height: 1)
        XCTAssertEqual(labelError(try bounded.makeLayout()), .tooLarge(widthPx: 33_000, heightPx: 3, limit: PaddedLabel.maximumPixelCount))
    }

    func testHugePointSizeInSmallBoundsStaysBounded() throws {
        // The biggest font at the biggest scale, drawn into a small label: clipped, the glyph cache does
        // not keep the giant glyph images, and the call returns in reasonable time.
        for (size, scale) in [(Font.maximumPointSize, 1.0), (2000, 3), (1024, 16)] {
            var l = PaddedLabel("Wj", font: .default(size: size))
            l.scale = CGFloat(scale)
            l.bounds = CGRect(x: 0, y: 0, width: 64, height: 48)
            l.textAlignment = .center
            let bitmap = try l.render()
            XCTAssertEqual([bitmap.width, bitmap.height], [Int(64 * scale), Int(48 * scale)], "size \(size) @\(scale)x")
        }
        // Beyond 16384 px per em FreeType's advances collapse to 0: rejected.
        var huge = PaddedLabel("Wj", font: .default(size: Font.maximumPointSize))
        huge.scale = 16
        XCTAssertThrowsError(try huge.render()) { XCTAssertTrue("\($0)".contains("px per em exceeds 16384"), "\($0)") }
    }
}
