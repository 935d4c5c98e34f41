// Matrix benchmark (issue 9): the seed badge over 3 widths × 3 scales × 12 content size categories ×
// 2 directions × 2 appearances = 432 combinations, recorded into an empty package, then passing.
// Built in release by `Benchmarks/run.sh`, and in debug by the throw-away client package
// `Benchmarks/MatrixDebugClient` (which compiles this same file through a symbolic link).
import Foundation
import LabelSnapshotTesting

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

var template = Array((NSTemporaryDirectory() + "/labelsnap-matrix-bench-XXXXXX").utf8CString)
guard let made = mkdtemp(&template) else { print("matrix benchmark: cannot make a temporary folder"); exit(2) }
let root = String(cString: made)
defer { try? FileManager.default.removeItem(atPath: root) }
guard FileManager.default.createFile(atPath: root + "/Package.swift", contents: Data("// swift-tools-version:6.0\n".utf8)) else {
    print("matrix benchmark: cannot write \(root)/Package.swift"); exit(2)
}
let testFile = root + "/Tests/BenchTests/BadgeTests.swift"

var badge = PaddedLabel("않이 패딩이 왜 없어..?", font: .preferred(.body), insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
badge.backgroundColor = .dynamic(light: Color(red: 0xFF, green: 0xE6, blue: 0xC8), dark: Color(red: 0x5A, green: 0x3A, blue: 0x1E))
badge.textColor = .dynamic(light: .black, dark: .white)
badge.cornerRadius = 8
let matrix: [LabelMatrixAxis] = [
    .widths([120, 200, 320]), .scales([1, 2, 3]), .contentSizeCategories(.all),
    .layoutDirections([.leftToRight, .rightToLeft]), .userInterfaceStyles([.light, .dark]),
]

var recorded: LabelMatrixFailures?
var passed: LabelMatrixFailures?
let (record, pass) = withSnapshotTesting(environment: [:]) {
    (seconds { recorded = verifyLabelSnapshots(of: badge, matrix: matrix, file: testFile, testName: "testBadge()") },
     seconds { passed = verifyLabelSnapshots(of: badge, matrix: matrix, file: testFile, testName: "testBadge()") })
}
let folder = recorded?.failures.first?.failure.location?.referenceFolder ?? root
let references = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.count ?? 0
guard recorded?.failures.count == 432, references == 432, passed == nil else {
    let message = passed?.message ?? recorded?.message ?? "nothing recorded"
    print("matrix benchmark: unexpected result: \(references) references; " + (message.split(separator: "\n").first.map(String.init) ?? ""))
    exit(1)
}
#if DEBUG
let build = "debug (client package)", target = 10.0
#else
let build = "release", target = 2.0
#endif
let cores = ProcessInfo.processInfo.activeProcessorCount
func f(_ s: Double) -> String { String(format: "%.2f s", s) }
print("| matrix, 432 combinations, \(build), \(cores) cores | time | per combination |")
print("|---|---|---|")
print("| record (432 PNGs + contact sheet) | \(f(record)) | \(String(format: "%.2f ms", record * 1000 / 432)) |")
print("| pass | \(f(pass)) | \(String(format: "%.2f ms", pass * 1000 / 432)) |")
print("| record + pass (target ≤ \(Int(target)) s) | \(f(record + pass)) | \(record + pass <= target ? "within target" : "OVER target") |")
