import Foundation
import LabelSnapshotTesting
import XCTest

/// Layout (`makeLayout()`) of the two seed badges in a debug build, as a user's test target runs it: the part of
/// a passing assertion that lazy shaping made twice as costly. Best of 7 runs of 200 layouts, thread
/// CPU time. Writes `key=value` lines to `$BENCH_CLIENT_RESULT.layout` for Benchmarks/bench.py.
final class LayoutCostTests: XCTestCase {
    func testBadgeLayouts() throws {
        var lines: [String] = []
        for (key, text) in [("korean", "않이 패딩이 왜 없어..?"), ("uilabel", "UILabel With Padding")] {
            var label = PaddedLabel(text, font: .default(size: 17), insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
            label.cornerRadius = 8
            label.scale = 2
            _ = try label.makeLayout()   // fonts opened, caches filled
            var best = Double.infinity
            for _ in 0..<7 {
                let start = cpuSeconds()
                for _ in 0..<200 { _ = try label.makeLayout() }
                best = min(best, (cpuSeconds() - start) / 200)
            }
            lines.append("layout_us_\(key)=\(best * 1e6)")
        }
        let result = lines.joined(separator: "\n") + "\n"
        print(result)
        if let path = ProcessInfo.processInfo.environment["BENCH_CLIENT_RESULT"] {
            try result.write(toFile: path + ".layout", atomically: true, encoding: .utf8)
        }
    }

    private func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
