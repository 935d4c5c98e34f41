#if canImport(Testing)
import Foundation
import LabelSnapshotTesting
import Testing

/// `assertLabelSnapshot` from Swift Testing, against the project's committed references.
@Suite(.snapshots) struct SwiftTestingLabelTests {
    @Test func koreanBadgeMatchesItsReference() throws {
        // The same label and reference file as ReferenceImageTests.testKoreanBadge, found by name.
        let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("__Snapshots__/LabelSnapshotTestingTests/ReferenceImageTests/testKoreanBadge.korean-badge.png")
        let message = verifySnapshot(of: ReferenceImageTests.koreanBadge, as: .image, named: "korean-badge",
                                          record: .never, file: #filePath.replacingOccurrences(of: "SwiftTestingLabelTests", with: "ReferenceImageTests"),
                                          testName: "testKoreanBadge()")?.message
        #expect(message == nil)
        #expect(FileManager.default.fileExists(atPath: reference.path))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func intrinsicSizeIsOnThePixelGrid(scale: Double) throws {
        var label = ReferenceImageTests.koreanBadge
        label.scale = scale
        let size = try label.intrinsicContentSize
        #expect((size.width * scale).rounded() == size.width * scale)
        #expect(try label.render().width == Int((size.width * scale).rounded()))
    }

    @Test func textRectOutsetsTheInsets() throws {
        var label = PaddedLabel("UILabel With Padding", insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        label.numberOfLines = 0
        let bounds = CGRect(x: 10, y: 20, width: 120, height: 200)
        let rect = try label.textRect(forBounds: bounds, limitedToNumberOfLines: 0)
        let text = try label.sizeThatFits(CGSize(width: 120, height: 200))
        #expect(rect.origin == CGPoint(x: 10, y: 20))
        #expect(rect.size == text)
        // Limited to one line, the height is one line's.
        let one = try label.textRect(forBounds: bounds, limitedToNumberOfLines: 1)
        #expect(one.height < rect.height)
    }
}
#endif
