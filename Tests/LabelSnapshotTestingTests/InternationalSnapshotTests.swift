import Foundation
import LabelSnapshotTesting
import XCTest

/// Reference images of the world's text, in `__Snapshots__/LabelSnapshotTestingTests/InternationalSnapshotTests/`, with `.layout`
/// references beside them (lines, missing code points, fonts used).
final class InternationalSnapshotTests: XCTestCase {
    static let samples: [(name: String, text: String, width: CGFloat?)] = [
        ("korean-paragraph", "패딩이 있는 레이블은 공백에서만 줄을 바꾸고 단어를 자르지 않습니다", 180),
        ("japanese", "日本語の文章は漢字と仮名の間で折り返します", 160),
        ("chinese", "中文文本在汉字之间换行而不需要空格", 160),
        ("arabic", "مرحبا بالعالم، هذا نص عربي متصل", nil),
        ("hebrew-numbers", "המחיר הוא 123.45 ש״ח בלבד", nil),
        ("mixed-ltr-rtl", "The word שלום means peace, سلام too", nil),
        ("combining-marks", "e\u{0301} q\u{0301} n\u{0303} a\u{0308}\u{0301}", nil),
        ("kerning", "AV To WA Ty", nil),
        ("emoji", "Emoji 👍🏽 👨‍👩‍👧 🇰🇷 ❤️", nil),
        ("tofu", "Missing: \u{13000} \u{1F8FF} end", nil),
    ]

    func testSamples() throws {
        for sample in Self.samples {
            var label = PaddedLabel(sample.text, font: .default(size: 17), insets: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12))
            label.backgroundColor = .white
            label.scale = 2
            if let width = sample.width {
                label.numberOfLines = 0
                try label.layout(width: width)
            }
            assertLabelSnapshot(of: label, named: sample.name)
            assertLabelSnapshot(of: label, as: .layout, named: sample.name)
        }
    }
}
