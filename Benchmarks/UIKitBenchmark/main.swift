// UIKit benchmark: a passing snapshot of a UILabel subclass that pads as apps do (insets in drawText and
// intrinsicContentSize) beside the same pass of the PaddedLabel with those insets, font and text (the two draw the
// same pixels). Each pass makes the label, lays it out, draws it and compares it with its recorded reference (thread
// CPU time).
// Usage: UIKitBenchmark [passes]   (default 200). Prints one table row per label and their ratio (target ≤ 1.25).
import Foundation
import UIKitSnapshotTesting

final class InsetLabel: UILabel {
    var insets = UIEdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
    override func drawText(in rect: CGRect) { super.drawText(in: rect.inset(by: insets)) }
    override var intrinsicContentSize: CGSize {
        let size = super.intrinsicContentSize
        return CGSize(width: size.width + insets.left + insets.right, height: size.height + insets.top + insets.bottom)
    }
}

let text = "Filter · 12 results"
@MainActor func makeView() -> InsetLabel {
    let label = InsetLabel()
    label.font = UIFont(name: "DejaVuSans", size: 15)
    label.text = text
    label.backgroundColor = .systemGray5
    return label
}
// Each made in the pass, as a test makes its label.
func makeModel() -> PaddedLabel {
    var label = PaddedLabel(text, font: try! Font(name: "DejaVuSans", size: 15), insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
    label.backgroundColor = .systemGray5
    return label
}

let passes = CommandLine.arguments.count > 1 ? max(1, Int(CommandLine.arguments[1]) ?? 200) : 200
var template = Array((NSTemporaryDirectory() + "/labelsnap-uikit-bench-XXXXXX").utf8CString)
guard let made = mkdtemp(&template) else { print("uikit benchmark: cannot make a temporary folder"); exit(2) }
let root = String(cString: made)
defer { try? FileManager.default.removeItem(atPath: root) }

/// This thread's CPU time, s: on a machine other builds load, wall time varies twice over from run to run.
func cpuNow() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Records `passes` references named p0…, then times passing each once; the best per-pass CPU time of 5 rounds.
@MainActor func time(_ record: (String, RecordMode) -> SnapshotFailure?) -> Double {
    for i in 0..<passes { _ = record("p\(i)", .all) }
    var best = Double.infinity
    for _ in 0..<5 {
        let start = cpuNow()
        for i in 0..<passes {
            if let failure = record("p\(i)", .never) { print("uikit benchmark: a pass failed: \(failure.message)"); exit(1) }
        }
        best = min(best, (cpuNow() - start) / Double(passes))
    }
    return best
}
let (view, label) = withSnapshotTesting(environment: ["SNAPSHOT_ARTIFACTS": root + "/artifacts"]) {
    (time { verifySnapshot(of: makeView(), as: .image, named: $0, record: $1, snapshotDirectory: root + "/view", testName: "testView()") },
     time { verifySnapshot(of: makeModel(), as: .image, named: $0, record: $1, snapshotDirectory: root + "/label", testName: "testLabel()") })
}
func us(_ v: Double) -> String { String(format: "%.0f µs", v * 1e6) }
#if DEBUG
let build = "debug"
#else
let build = "release"
#endif
print("| a passing snapshot, \(build) (best of 5 × \(passes)) | CPU per pass |")
print("|---|---|")
print("| UILabel subclass (insets in drawText + intrinsicContentSize) | \(us(view)) |")
print("| the same PaddedLabel | \(us(label)) |")
print("| UILabel ÷ PaddedLabel | \(String(format: "%.2f", view / label)) (target ≤ 1.25) |")
