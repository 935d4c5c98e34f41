import Foundation
import LabelSnapshotTesting
import XCTest

/// 1,000 passing `assertLabelSnapshot` calls in a debug build, as a user's test target runs them.
/// Writes `key=value` lines to `$BENCH_CLIENT_RESULT` for Benchmarks/bench.py.
final class PassPathTests: XCTestCase {
    func testThousandPassingAssertions() throws {
        var label = PaddedLabel("않이 패딩이 왜 없어..?", font: .default(size: 17),
                                insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
        label.backgroundColor = try Color(hex: "#FFE6C8")
        label.cornerRadius = 8
        label.scale = 2
        // Every assertion below is one line (`line:`), as a test's record run and its next runs are: one test may not
        // assert one `named:` from two lines of one run. The first records the reference with this checkout's library
        // (an unchanged file is left as it is; the result is the "recorded" failure), so it carries the current
        // provenance and digests; then it passes.
        let line: UInt = #line
        _ = verifySnapshot(of: label, as: .image, named: "badge", record: .all, line: line)
        XCTAssertNil(verifySnapshot(of: label, as: .image, named: "badge", record: .never, line: line))

        // Thread CPU time: the machine the benchmark runs on is shared.
        var rss100 = 0
        let start = cpuSeconds()
        for i in 0..<1000 {
            assertLabelSnapshot(of: label, named: "badge", record: .never, line: line)
            if i == 99 { rss100 = residentKilobytes() }
        }
        let seconds = cpuSeconds() - start
        let result = ["pass_us=\(seconds * 1e6 / 1000)", "total_s=\(seconds)",
                      "rss_kb_100=\(rss100)", "rss_kb_1000=\(residentKilobytes())"].joined(separator: "\n") + "\n"
        print(result)
        if let path = ProcessInfo.processInfo.environment["BENCH_CLIENT_RESULT"] {
            try result.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    private func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private func residentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
