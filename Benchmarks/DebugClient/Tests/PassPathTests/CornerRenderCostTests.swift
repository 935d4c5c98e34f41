import Foundation
import LabelSnapshotTesting
import XCTest

/// `render()` (layout and drawing; the layout is the same text each time) of one badge with each corner shape in a debug build, as a user's test
/// target runs it: the classic circular `cornerRadius` (the rounded rect's kernel) against a capsule, the continuous
/// curve, per-corner radii and a clip of the text to the shape (CRasterKernels' corner-shape runs). Best of 7 runs of
/// 50 renders, thread CPU time. Writes `key=value` lines to `$BENCH_CLIENT_RESULT.corners`.
final class CornerRenderCostTests: XCTestCase {
    func testCornerRenders() throws {
        var base = PaddedLabel("UILabel With Padding", font: .default(size: 17), insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        base.backgroundColor = Color(red: 0xFF, green: 0xE6, blue: 0xC8)
        base.borderWidth = 1
        base.scale = 3
        let shapes: [(String, (inout PaddedLabel) -> Void)] = [
            ("radius", { $0.cornerRadius = 12 }),
            ("capsule", { $0.cornerConfiguration = .capsule() }),
            ("continuous", { $0.cornerRadius = 12; $0.cornerCurve = .continuous }),
            ("per_corner", { $0.cornerConfiguration = .corners(topLeftRadius: 0, topRightRadius: 12, bottomLeftRadius: 6, bottomRightRadius: 18) }),
            ("capsule_clip", { $0.cornerConfiguration = .capsule(); $0.clipsToBounds = true }),
        ]
        var lines: [String] = []
        for (key, set) in shapes {
            var label = base
            set(&label)
            _ = try label.render()   // fonts opened, glyph images cached
            var best = Double.infinity
            for _ in 0..<7 {
                let start = cpuSeconds()
                for _ in 0..<50 { _ = try label.render() }
                best = min(best, (cpuSeconds() - start) / 50)
            }
            lines.append("render_us_\(key)=\(best * 1e6)")
        }
        let result = lines.joined(separator: "\n") + "\n"
        print(result)
        if let path = ProcessInfo.processInfo.environment["BENCH_CLIENT_RESULT"] {
            try result.write(toFile: path + ".corners", atomically: true, encoding: .utf8)
        }
    }

    private func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
