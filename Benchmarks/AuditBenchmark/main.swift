// Audit benchmark: the accessibility audit of a 48-cell matrix (12 content sizes × 2 appearances × 2 contrasts)
// beside recording the same 48 cells' snapshots into an empty folder (release in `make bench`), best of the rounds.
// Usage: AuditBenchmark [rounds]   (default 5). Prints one table row per operation: wall and process CPU time.
import Foundation
import LabelSnapshotTesting

func measure(_ body: () -> Void) -> (wall: Double, cpu: Double) {
    func cpuNow() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    let start = DispatchTime.now().uptimeNanoseconds, cpu = cpuNow()
    body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, cpuNow() - cpu)
}

var chip = PaddedLabel("Filter · 12 results", font: .preferred(.subheadline), insets: EdgeInsets(top: 4, left: 10, bottom: 4, right: 10))
chip.textColor = .systemGray
chip.backgroundColor = .systemGray5
chip.cornerConfiguration = .capsule()
chip.scale = 2
let axes = LabelMatrixAxis.accessibilityAudit
let rounds = CommandLine.arguments.count > 1 ? max(1, Int(CommandLine.arguments[1]) ?? 5) : 5

var audit = (wall: Double.infinity, cpu: 0.0), record = (wall: Double.infinity, cpu: 0.0)
var failing: [AccessibilityCheck] = []
for _ in 0..<rounds {
    let a = measure { failing = (try? verifyLabelAccessibility(of: chip, matrix: axes))?.failingChecks ?? [] }
    if a.wall < audit.wall { audit = a }
    var template = Array((NSTemporaryDirectory() + "/labelsnap-audit-bench-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { print("audit benchmark: cannot make a temporary folder"); exit(2) }
    let root = String(cString: made)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let r = measure {
        _ = withSnapshotTesting(record: .all, environment: [:]) {
            verifySnapshots(of: chip, matrix: axes, snapshotDirectory: root + "/References", testName: "testChip()")
        }
    }
    if r.wall < record.wall { record = r }
}
func ms(_ v: Double) -> String { String(format: "%.1f ms", v * 1000) }
let cores = ProcessInfo.processInfo.activeProcessorCount
#if DEBUG
let build = "debug"
#else
let build = "release"
#endif
print("| 48 cells (12 sizes × 2 appearances × 2 contrasts), \(build), \(cores) cores | wall (best of \(rounds)) | CPU, all threads |")
print("|---|---|---|")
print("| accessibility audit (fails: \(failing.map(\.rawValue).joined(separator: ", "))) | \(ms(audit.wall)) | \(ms(audit.cpu)) |")
print("| record the 48 snapshots (PNGs + contact sheet) | \(ms(record.wall)) | \(ms(record.cpu)) |")
print("| audit ÷ record | \(String(format: "%.2f", audit.wall / record.wall)) | target ≤ 1 |")
