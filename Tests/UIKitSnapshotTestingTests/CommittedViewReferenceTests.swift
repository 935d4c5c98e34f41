import Foundation
import UIKitSnapshotTesting
import XCTest

/// Label subclasses written for these tests, against references committed in `__Snapshots__/` beside this file
/// (a missing one is recorded and fails, as swift-snapshot-testing does; look at a new PNG before committing it).
@MainActor
final class CommittedViewReferenceTests: XCTestCase {
    func testBadgeAtAWidth() async {
        assertSnapshot(of: makeBadge(), as: .image(layout: .width(200)))
        assertSnapshot(of: makeBadge(), as: .layout(layout: .width(200)))
    }

    func testUnreducedSizeThatFitsLosesItsLastLine() async {
        func badge() -> UnreducedFitBadge {
            let label = UnreducedFitBadge()
            label.font = UIFont(name: "DejaVuSans", size: 17)
            label.text = "A badge that its container sizes with sizeThatFits loses the last line of its text"
            label.numberOfLines = 0
            label.backgroundColor = .systemTeal
            return label
        }
        assertSnapshot(of: badge(), as: .image(layout: .sizeThatFits(CGSize(width: 200, height: 0))))
        assertSnapshot(of: badge(), as: .layout(layout: .sizeThatFits(CGSize(width: 200, height: 0))))
    }

    func testThemedBadgeContactSheet() async throws {
        let sheet = try viewContactSheet(of: { _ in
            let badge = ThemedBadge()
            badge.font = .preferredFont(forTextStyle: .body)
            badge.adjustsFontForContentSizeCategory = true
            badge.text = "New"
            return badge
        }, matrix: [.contentSizeCategories([.extraSmall, .large, .accessibilityExtraExtraExtraLarge]), .userInterfaceStyles([.light, .dark])],
           title: "ThemedBadge")
        assertSnapshot(of: sheet, as: .image)
    }

    func testGreyChipAccessibility() async {
        assertSnapshot(of: makeChip(), as: .accessibility(matrix: [.userInterfaceStyles([.light, .dark]), .contrasts([.normal, .high])]))
    }
}
