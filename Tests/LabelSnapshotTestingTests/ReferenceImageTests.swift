import Foundation
import LabelSnapshotTesting
import XCTest

/// The project's own reference images, in `__Snapshots__/LabelSnapshotTestingTests/ReferenceImageTests/`. Under CI (`CI=true`) the
/// record mode is `never`: a missing or different image fails.
final class ReferenceImageTests: XCTestCase {
    static let padding = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)

    /// The first seed: a Korean sentence in a padded badge.
    static var koreanBadge: PaddedLabel {
        var label = PaddedLabel("않이 패딩이 왜 없어..?", font: .default(size: 17), insets: padding)
        label.backgroundColor = Color(red: 0xFF, green: 0xE6, blue: 0xC8)
        label.cornerRadius = 8
        label.scale = 2
        return label
    }

    /// The second seed: a multi-line label 200 pt wide, laid out as the seeds' `bounds.didSet`.
    static func englishMultiLine() throws -> PaddedLabel {
        var label = PaddedLabel("UILabel With Padding: the text keeps its insets and wraps inside them, never cut off",
                                font: .default(size: 17), insets: padding)
        label.numberOfLines = 0
        label.backgroundColor = Color(red: 0xDC, green: 0xEB, blue: 0xFF)
        label.scale = 2
        try label.layout(width: 200)
        return label
    }

    /// The Korean badge with Dynamic Type and dark colours, in a 240 pt cell: docs/gallery.md's contact sheet of
    /// the twelve categories × both directions × both appearances (truncated from xxxL up).
    static var dynamicBadge: PaddedLabel {
        var label = PaddedLabel("않이 패딩이 왜 없어..?", font: .preferred(.body), insets: padding)
        label.backgroundColor = .dynamic(light: Color(red: 0xFF, green: 0xE6, blue: 0xC8), dark: Color(red: 0x5A, green: 0x3A, blue: 0x1E))
        label.cornerRadius = 8   // the default text colour, `.label`: black in light, white in dark
        label.scale = 2
        return label
    }

    func testDynamicTypeMatrix() {
        assertSnapshots(of: Self.dynamicBadge, matrix: [
            .widths([240]),
            .contentSizeCategories(.all),
            .layoutDirections([.leftToRight, .rightToLeft]),
            .userInterfaceStyles([.light, .dark]),
        ], as: .contactSheet, named: "dynamic-type")
    }

    func testKoreanBadge() {
        assertLabelSnapshot(of: Self.koreanBadge, named: "korean-badge")
        assertLabelSnapshot(of: Self.koreanBadge, as: .layout, named: "korean-badge")
    }

    /// swift-snapshot-testing's spelling reaches the same references (another test naming itself
    /// `testKoreanBadge`: one test may not assert one `named:` from two lines).
    func testKoreanBadgeInSwiftSnapshotTestingSpelling() {
        assertSnapshot(of: Self.koreanBadge, as: .image, named: "korean-badge", testName: "testKoreanBadge()")
    }

    func testEnglishMultiLine() throws {
        assertLabelSnapshot(of: try Self.englishMultiLine(), named: "english-200pt")
        assertLabelSnapshot(of: try Self.englishMultiLine(), as: .layout, named: "english-200pt")
    }

    func testScales() {
        for scale in [1.0, 2.0, 3.0] {
            var label = Self.koreanBadge
            label.scale = scale
            assertLabelSnapshot(of: label, named: "korean-badge@\(Int(scale))x")
        }
    }

    /// One image per line-break mode: a 2-line label 150 pt wide, too short for its text.
    func testLineBreakModes() {
        for mode in LineBreakMode.allCases {
            for lines in [1, 2] {
                var label = PaddedLabel("Snapshot tests catch labels that lose their last line",
                                        font: .default(size: 15), insets: EdgeInsets(top: 6, left: 10, bottom: 6, right: 10))
                label.numberOfLines = lines
                label.lineBreakMode = mode
                label.backgroundColor = Color(red: 0xEE, green: 0xEE, blue: 0xEE)
                label.scale = 2
                label.bounds = CGRect(x: 0, y: 0, width: 150, height: 12 + CGFloat(lines) * 17.5)
                assertLabelSnapshot(of: label, named: "\(mode.rawValue)-\(lines)-line")
                assertLabelSnapshot(of: label, as: .layout, named: "\(mode.rawValue)-\(lines)-line")
            }
        }
    }

    /// One image per alignment in a 220 pt wide, 3-line label with asymmetric insets.
    func testAlignments() {
        for alignment in TextAlignment.allCases {
            var label = PaddedLabel("Padding keeps text off the edges, on every line of a wrapped label.",
                                    font: .default(size: 15), insets: EdgeInsets(top: 12, left: 20, bottom: 4, right: 8))
            label.numberOfLines = 0
            label.textAlignment = alignment
            label.backgroundColor = Color(red: 0xE8, green: 0xF5, blue: 0xE9)
            label.borderWidth = 1
            label.borderColor = Color(red: 0x2E, green: 0x7D, blue: 0x32)
            label.cornerRadius = 6
            label.scale = 2
            label.bounds = CGRect(x: 0, y: 0, width: 220, height: 80)
            assertLabelSnapshot(of: label, named: "align-\(alignment.rawValue)")
        }
    }

    /// Line spacing, line height multiple, font shrinking and right-to-left directional insets.
    func testParagraphProperties() {
        func make(_ text: String, _ configure: (inout PaddedLabel) -> Void) -> PaddedLabel {
            var label = PaddedLabel(text, font: .default(size: 15), insets: EdgeInsets(top: 6, left: 10, bottom: 6, right: 10))
            label.backgroundColor = Color(red: 0xFF, green: 0xF3, blue: 0xC4)
            label.scale = 2
            configure(&label)
            return label
        }
        let text = "Line spacing keeps wrapped lines apart"
        assertLabelSnapshot(of: make(text) { $0.numberOfLines = 0; $0.lineSpacing = 6; $0.preferredMaxLayoutWidth = 160 },
                            named: "line-spacing-6")
        assertLabelSnapshot(of: make(text) { $0.numberOfLines = 0; $0.lineHeightMultiple = 1.5; $0.preferredMaxLayoutWidth = 160 },
                            named: "line-height-multiple-1.5")
        assertLabelSnapshot(of: make("Shrinks to fit instead of truncating") {
            $0.adjustsFontSizeToFitWidth = true; $0.minimumScaleFactor = 0.5
            $0.bounds = CGRect(x: 0, y: 0, width: 180, height: 30)
        }, named: "adjusts-font-size")
        assertLabelSnapshot(of: make("שלום, padding!") {
            // A right-to-left view (a Hebrew app): its leading inset is on the right. Without layoutDirection
            // the insets resolve left-to-right, whatever the text (UIKit resolves them by the view).
            $0.directionalInsets = DirectionalEdgeInsets(top: 6, leading: 30, bottom: 6, trailing: 6)
            $0.layoutDirection = .rightToLeft
            $0.bounds = CGRect(x: 0, y: 0, width: 180, height: 30)
        }, named: "rtl-directional-insets")
    }
}
