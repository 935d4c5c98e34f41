import Foundation
import LabelSnapshotTesting
import XCTest

/// Layout (`makeLayout()`) of a 1,000-word paragraph at 400 pt, @2x, in a debug build: as plain text and as an
/// attributed paragraph with a run every ten words (every other run bold and blue), the same words as
/// Benchmarks/LabelBenchmark's rows. The two alternate in 5 rounds, each a best of 5 × 2 layouts, thread CPU
/// time. Writes `key=value` lines to `$BENCH_CLIENT_RESULT.rich` for Benchmarks/bench.py.
final class RichLayoutCostTests: XCTestCase {
    func testAttributedParagraphLayout() throws {
        let vocabulary = ["label", "padding", "inset", "wrap", "snapshot", "baseline"]
        let words = (0..<1000).map { vocabulary[$0 % vocabulary.count] }
        let insets = EdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        var plain = PaddedLabel(words.joined(separator: " "), font: .default(size: 13), insets: insets)
        var text = AttributedString()
        for start in stride(from: 0, to: words.count, by: 10) {
            let end = min(start + 10, words.count)
            var run = AttributedString(words[start..<end].joined(separator: " ") + (end < words.count ? " " : ""))
            let odd = (start / 10) % 2 == 1
            run.font = odd ? Font.default(size: 13).withWeight(.bold) : .default(size: 13)
            run.foregroundColor = odd ? Color(red: 0x00, green: 0x5A, blue: 0xD0) : .black
            text += run
        }
        var rich = PaddedLabel(attributedText: text, font: .default(size: 13), insets: insets)
        for i in 0..<2 {
            var label = i == 0 ? plain : rich
            label.scale = 2
            label.numberOfLines = 0
            try label.layout(width: 400)
            if i == 0 { plain = label } else { rich = label }
        }
        _ = try plain.makeLayout(); _ = try rich.makeLayout()   // fonts opened, caches filled
        var best = [Double.infinity, Double.infinity]
        for _ in 0..<5 {
            for (i, label) in [plain, rich].enumerated() {
                for _ in 0..<5 {
                    let start = cpuSeconds()
                    for _ in 0..<2 { _ = try label.makeLayout() }
                    best[i] = min(best[i], (cpuSeconds() - start) / 2)
                }
            }
        }
        let result = "rich_plain_layout_ms=\(best[0] * 1e3)\nrich_fonts_layout_ms=\(best[1] * 1e3)\n"
        print(result)
        if let path = ProcessInfo.processInfo.environment["BENCH_CLIENT_RESULT"] {
            try result.write(toFile: path + ".rich", atomically: true, encoding: .utf8)
        }
    }

    private func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
