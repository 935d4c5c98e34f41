import TestSupport
import Foundation
@testable import UIKit
import XCTest

// Sizes below come from DejaVu Sans' own tables (FontReference: hmtx advances and kern pairs, hhea heights) and the
// dispatch rules (DocC "UIKit on Linux", section "UIKit's dispatch"), never from the code under test.

@MainActor
final class DispatchTests: XCTestCase {
    let text = "UILabel With Padding"
    var ref: FontReference { get throws { try FontReference(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", text: text + "Hi…") } }
    func px(_ v: Double, _ scale: Double = 1) -> CGFloat { CGFloat(FontReference.px(v, scale)) }

    func label<L: UILabel>(_ l: L, _ text: String? = nil, lines: Int = 1) -> L {
        l.font = dejaVu()
        l.text = text ?? self.text
        l.numberOfLines = lines
        return l
    }

    func testIntrinsicSizeAsksTextRectWithFloat32MaxBounds() async throws {
        let r = try ref
        let plain = label(UILabel())
        XCTAssertEqual(plain.intrinsicContentSize, CGSize(width: px(r.width(text, pointSize: 17)), height: px(r.lineHeight(pointSize: 17))))
        final class Spy: UILabel {
            var asked: [CGRect] = []
            override func textRect(forBounds bounds: CGRect, limitedToNumberOfLines n: Int) -> CGRect {
                asked.append(bounds)
                return super.textRect(forBounds: bounds, limitedToNumberOfLines: n)
            }
        }
        let spy = label(Spy())
        _ = spy.intrinsicContentSize
        XCTAssertEqual(spy.asked, [CGRect(x: 0, y: 0, width: 3.4028234663852886e38, height: 3.4028234663852886e38)])
        // A multi-line label with a preferred width asks at that width; a one-line label ignores it.
        spy.preferredMaxLayoutWidth = 120
        _ = spy.intrinsicContentSize
        XCTAssertEqual(spy.asked.last?.width, 3.4028234663852886e38)
        spy.numberOfLines = 0
        _ = spy.intrinsicContentSize
        XCTAssertEqual(spy.asked.last, CGRect(x: 0, y: 0, width: 120, height: 3.4028234663852886e38))
    }

    func testPaddingPatternsSizes() async throws {
        let r = try ref
        let w = px(r.width(text, pointSize: 17)), h = px(r.lineHeight(pointSize: 17))
        XCTAssertEqual(label(DrawTextPaddedLabel()).intrinsicContentSize, CGSize(width: w + 32, height: h + 16))
        // textRect outset alone pads the intrinsic size (rule 3); with intrinsicContentSize too, twice.
        XCTAssertEqual(label(TextRectPaddedLabel()).intrinsicContentSize, CGSize(width: w + 32, height: h + 16))
        XCTAssertEqual(label(TwicePaddedLabel()).intrinsicContentSize, CGSize(width: w + 64, height: h + 32))
        XCTAssertEqual(label(InsetTextRectLabel()).intrinsicContentSize, CGSize(width: w + 32, height: h + 16))
    }

    func testSizeThatFitsWrapsAtTheProposedWidthAndOneLineIgnoresIt() async throws {
        let r = try ref
        let h = r.lineHeight(pointSize: 17)
        // "UILabel With" fits 140 pt, the whole text does not: two lines.
        XCTAssertLessThan(r.width("UILabel With", pointSize: 17), 140)
        XCTAssertGreaterThan(r.width(text, pointSize: 17), 140)
        let multi = label(UILabel(), lines: 0)
        XCTAssertEqual(multi.sizeThatFits(CGSize(width: 140, height: 1)).height, px(2 * h))
        let one = label(UILabel())
        XCTAssertEqual(one.sizeThatFits(CGSize(width: 140, height: 1)), CGSize(width: px(r.width(text, pointSize: 17)), height: px(h)))
        // At a proposal 1 pt wider than the text the unreduced pattern measures one line and adds the insets; the
        // reduced one measures 31 pt less than the text, where "UILabel With" still fits: two lines.
        let proposal = CGSize(width: r.width(text, pointSize: 17) + 1, height: 0)
        XCTAssertLessThan(r.width("UILabel With", pointSize: 17), proposal.width - 32)
        XCTAssertEqual(label(UnreducedFitLabel(), lines: 0).sizeThatFits(proposal).height, px(h) + 16)
        XCTAssertEqual(label(ReducedFitLabel(), lines: 0).sizeThatFits(proposal).height, px(2 * h) + 16)
    }

    func testSizeToFitAsksSizeThatFitsWithTheBoundsSize() async throws {
        final class Spy: UILabel {
            var proposals: [CGSize] = []
            override func sizeThatFits(_ size: CGSize) -> CGSize { proposals.append(size); return CGSize(width: 40, height: 10) }
        }
        let spy = Spy(frame: CGRect(x: 5, y: 6, width: 70, height: 30))
        spy.sizeToFit()
        XCTAssertEqual(spy.proposals, [CGSize(width: 70, height: 30)])
        XCTAssertEqual(spy.frame, CGRect(x: 5, y: 6, width: 40, height: 10))
    }

    func testDrawCallsDrawTextWithTheWholeBounds() async throws {
        final class Spy: UILabel {
            var rects: [CGRect] = []
            override func drawText(in rect: CGRect) { rects.append(rect); super.drawText(in: rect) }
        }
        let spy = label(Spy())
        spy.frame = CGRect(x: 0, y: 0, width: 187.5, height: 333.5)
        _ = try spy.drawHierarchy()
        XCTAssertEqual(spy.rects, [CGRect(x: 0, y: 0, width: 187.5, height: 333.5)])
    }

    func testAutoLayoutRunsASecondPassWhenBoundsDidSetSetsThePreferredWidth() async throws {
        let r = try ref
        let l = label(WrappingPaddedLabel(), lines: 0)
        let trace = DispatchTrace()
        DispatchTrace.current = trace
        defer { DispatchTrace.current = nil }
        let size = try l.layOutWithAutoLayout(width: 172)
        XCTAssertEqual(size, CGSize(width: 172, height: px(2 * r.lineHeight(pointSize: 17)) + 16))
        XCTAssertEqual(l.preferredMaxLayoutWidth, 140)
        XCTAssertEqual(trace.lines.filter { $0.hasPrefix("Auto Layout pass") }.count, 2, trace.lines.joined(separator: "\n"))
    }

    func testAPlainMultiLineLabelWrapsAtTheWidthAutoLayoutGivesIt() async throws {
        let r = try ref
        let l = label(UILabel(), lines: 0)
        let size = try l.layOutWithAutoLayout(width: 140)
        XCTAssertEqual(size.height, px(2 * r.lineHeight(pointSize: 17)))
        XCTAssertEqual(l.preferredMaxLayoutWidth, 0)
    }

    func testAutoLayoutThatNeverSettlesNamesTheOverride() async throws {
        let l = label(RestlessLabel(), lines: 0)
        XCTAssertThrowsError(try l.layOutWithAutoLayout(width: 200)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("RestlessLabel did not settle at width 200 in 8 Auto Layout passes"), message)
            XCTAssertTrue(message.contains("bounds { didSet }"), message)
        }
    }

    func testOverridesCallingEachOtherStopWithAnErrorNamingBoth() async throws {
        let l = label(RecursiveLabel())
        XCTAssertEqual(l.intrinsicContentSize, .zero)
        XCTAssertEqual(l.state.errors.count, 1)
        let message = l.state.errors.first ?? ""
        XCTAssertTrue(message.contains("RecursiveLabel: textRect(forBounds:limitedToNumberOfLines:) and intrinsicContentSize call each other"), message)
    }

    func testLayoutIfNeededRunsLayoutSubviewsOnceWhenAsked() async throws {
        let l = label(CapsuleLabel())
        l.frame = CGRect(x: 0, y: 0, width: 100, height: 36)
        l.layoutIfNeeded()
        l.layoutIfNeeded()
        XCTAssertEqual(l.layoutCount, 1)
        XCTAssertEqual(l.layer.cornerRadius, 18)
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        l.layoutIfNeeded()
        XCTAssertEqual(l.layer.cornerRadius, 20)
    }

    func testTraitsAreDeliveredThroughTraitCollectionDidChange() async throws {
        let l = label(TraitStyledLabel())
        l.overrideTraits(UITraitCollection(userInterfaceStyle: .dark))
        XCTAssertEqual(l.deliveries, [.light])
        XCTAssertEqual(l.traitCollection.userInterfaceStyle, .dark)
        XCTAssertEqual(l.font.fontName, "DejaVuSans-Bold")
        XCTAssertEqual(l.layer.borderWidth, 1)
        l.overrideTraits(UITraitCollection(userInterfaceStyle: .dark))
        XCTAssertEqual(l.deliveries.count, 1, "the same traits deliver nothing")
    }

    func testSettingTheFrameRunsTheBoundsObserver() async throws {
        let l = label(WrappingPaddedLabel())
        l.frame = CGRect(x: 10, y: 20, width: 200, height: 40)
        XCTAssertEqual(l.preferredMaxLayoutWidth, 168)
        XCTAssertEqual(l.center, CGPoint(x: 110, y: 40))
        XCTAssertEqual(l.bounds, CGRect(x: 0, y: 0, width: 200, height: 40))
    }
}
