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
        // Records the reference with this checkout's library (an unchanged file is left as it is; the result
        // is the "recorded" failure), so it carries the current provenance and digests; then passes.
        _ = verifyLabelSnapshot(of: label, named: "badge", record: .all)
        // The passes are other assertions of the same `named:`: each starts a new run of the test, as the
        // user's next `swift test` after recording would (one `named:` from two lines of one run is refused).
        startSnapshotRun()
        XCTAssertNil(verifyLabelSnapshot(of: label, named: "badge", record: .never))
        startSnapshotRun()

        // Thread CPU time: the machine the benchmark runs on is shared.
        var rss100 = 0
        let counts = SnapshotVerifier.passCounts
        let start = cpuSeconds()
        for i in 0..<1000 {
            assertLabelSnapshot(of: label, named: "badge", record: .never)
            if i == 99 { rss100 = residentKilobytes() }
        }
        let seconds = cpuSeconds() - start
        // How the 1,000 passes were decided: by the reference's pixel digest, or by decoding it.
        let passes = SnapshotVerifier.passCounts.since(counts)
        let result = ["pass_us=\(seconds * 1e6 / 1000)", "total_s=\(seconds)",
                      "rss_kb_100=\(rss100)", "rss_kb_1000=\(residentKilobytes())",
                      "decoded=\(passes.decoded)", "by_digest=\(passes.provenByDigest)"].joined(separator: "\n") + "\n"
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
