// Matrix benchmark: the seed badge over 3 widths × 3 scales × 12 content size categories ×
// 2 directions × 2 appearances = 432 combinations, recorded into an empty folder, then passing.
// Built in release by `Benchmarks/run.sh`, and in debug by the throw-away client package
// `Benchmarks/MatrixDebugClient` (which compiles this same file through a symbolic link).
// Usage: MatrixBenchmark [rounds]   (default 3; each round records into a fresh folder, then passes; in the release
// build the passes must all be proven by the references' pixel digests, none decoded; MATRIX_BENCH_KEEP=1 keeps the folders)
// Prints the best wall time of the rounds and its process CPU time (all threads): on a shared machine the
// wall time carries other processes' load, which the table states (1-minute load average).
import Foundation
import LabelSnapshotTesting

/// Wall and process CPU seconds of `body`.
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

var badge = PaddedLabel("않이 패딩이 왜 없어..?", font: .preferred(.body), insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
badge.backgroundColor = .dynamic(light: Color(red: 0xFF, green: 0xE6, blue: 0xC8), dark: Color(red: 0x5A, green: 0x3A, blue: 0x1E))
badge.cornerRadius = 8   // text in the default colour, `.label`
let matrix: [LabelMatrixAxis] = [
    .widths([120, 200, 320]), .scales([1, 2, 3]), .contentSizeCategories(.all),
    .layoutDirections([.leftToRight, .rightToLeft]), .userInterfaceStyles([.light, .dark]),
]

/// How the passes of the rounds were decided, by the references' pixel digests or by decoding them: counted by the
/// library, and seen only from inside its package (the release build); the debug client sees the public API only.
struct Passes: Equatable {
    var provenByDigest = 0, decoded = 0
    static var now: Passes? {
        #if LABELSNAP_PACKAGE_ACCESS
        let counts = SnapshotVerifier.passCounts
        return Passes(provenByDigest: counts.provenByDigest, decoded: counts.decoded)
        #else
        return nil
        #endif
    }
}

/// One round in a fresh folder: record every reference (and the contact sheet), then pass.
@MainActor func round() -> (record: (wall: Double, cpu: Double), pass: (wall: Double, cpu: Double), passes: Passes?) {
    var template = Array((NSTemporaryDirectory() + "/labelsnap-matrix-bench-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { print("matrix benchmark: cannot make a temporary folder"); exit(2) }
    let root = String(cString: made)
    // MATRIX_BENCH_KEEP=1 keeps the folder (references and contact sheet) to look at.
    defer {
        if ProcessInfo.processInfo.environment["MATRIX_BENCH_KEEP"] == nil { try? FileManager.default.removeItem(atPath: root) }
        else { print("kept \(root)") }
    }
    var recorded: LabelMatrixFailures?
    var passed: LabelMatrixFailures?
    var sheetWritten = false   // by the recording; the passing run removes it again
    var before: Passes?
    // Both runs are one assertion, the line below, as a test's record run and its next run are: one test may not
    // assert one matrix from two lines of one run.
    func assertion() -> LabelMatrixFailures? {
        verifySnapshots(of: badge, matrix: matrix, snapshotDirectory: root + "/References", testName: "testBadge()")
    }
    let times = withSnapshotTesting(environment: ["SNAPSHOT_ARTIFACTS": root + "/artifacts"]) {
        (measure { recorded = assertion() },
         { sheetWritten = recorded?.contactSheetPath.map { FileManager.default.fileExists(atPath: $0) } ?? false
           before = Passes.now }(),
         measure { passed = assertion() })
    }
    let passes = Passes.now.flatMap { now in before.map { Passes(provenByDigest: now.provenByDigest - $0.provenByDigest, decoded: now.decoded - $0.decoded) } }
    let folder = (recorded?.failures.first?.failure.referencePath as NSString?)?.deletingLastPathComponent ?? root
    let references = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.count ?? 0
    // The passing half must take the pixel-digest shortcut: no reference decoded (where the counts are seen).
    guard recorded?.failures.count == 432, references == 432, passed == nil, sheetWritten,
          passes == nil || passes == Passes(provenByDigest: 432, decoded: 0) else {
        if let passes { print("matrix benchmark: passes proven by digest \(passes.provenByDigest), decoded \(passes.decoded) (expected 432 and 0)") }
        let message = passed?.message ?? recorded?.message ?? "nothing recorded"
        print("matrix benchmark: unexpected result: \(references) references; " + message.split(separator: "\n").filter { !$0.hasPrefix("  ") }.joined(separator: "\n"))
        exit(1)
    }
    return (times.0, times.2, passes)
}

let rounds = max(1, CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 3)
let results = (0..<rounds).map { _ in round() }
let record = results.map(\.record).min { $0.wall < $1.wall }!, pass = results.map(\.pass).min { $0.wall < $1.wall }!
#if DEBUG
let build = "debug (client package)", target = 10.0
#else
let build = "release", target = 2.0
#endif
let cores = ProcessInfo.processInfo.activeProcessorCount
let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map { ", load \($0)" } ?? ""
func s(_ v: Double) -> String { String(format: "%.2f s", v) }
print("| matrix, 432 combinations, \(build), \(cores) cores\(load) | wall (best of \(rounds)) | CPU, all threads | wall per combination |")
print("|---|---|---|---|")
print("| record (432 PNGs + contact sheet) | \(s(record.wall)) | \(s(record.cpu)) | \(String(format: "%.2f ms", record.wall * 1000 / 432)) |")
let digest = results.last?.passes.map { "\($0.provenByDigest) proven by digest, \($0.decoded) decoded" } ?? "passes not counted in a client"
print("| pass (\(digest)) | \(s(pass.wall)) | \(s(pass.cpu)) | \(String(format: "%.2f ms", pass.wall * 1000 / 432)) |")
let total = record.wall + pass.wall
print("| record + pass (target ≤ \(Int(target)) s) | \(s(total)) | \(s(record.cpu + pass.cpu)) | \(total <= target ? "within target" : "OVER target") |")
