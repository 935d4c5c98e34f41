// `make demo`'s assertion round trip: record a reference, pass against it, then fail on a changed label,
// through `verifySnapshot(…, writesFailureRecord: true)`, as `assertSnapshot` reports, so the failed step leaves what a
// failing test leaves (the images and the failure record `labelsnap review` and `report` show), in a
// throw-away package under demo/roundtrip (so the project's own __Snapshots__ are never touched).
import Foundation
import LabelSnapshotTesting

let root = FileManager.default.currentDirectoryPath + "/demo/roundtrip"
try? FileManager.default.removeItem(atPath: root)
try FileManager.default.createDirectory(atPath: root + "/Tests/DemoTests", withIntermediateDirectories: true)
try "// swift-tools-version:6.0\n".write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
let testFile = root + "/Tests/DemoTests/BadgeTests.swift"

func badge(_ text: String) -> PaddedLabel {
    var label = PaddedLabel(text, font: .default(size: 17), insets: EdgeInsets(top: 8, left: 16, bottom: 8, right: 16))
    label.backgroundColor = Color(red: 0xFF, green: 0xE6, blue: 0xC8)
    label.cornerRadius = 8
    label.scale = 2
    return label
}

func step(_ title: String, _ label: PaddedLabel) -> SnapshotFailure? {
    let failure = withSnapshotTesting(record: .missing, environment: [:]) {
        verifySnapshot(of: label, as: .image, named: "badge", writesFailureRecord: true, file: testFile, testName: "testBadge()")
    }
    print("== \(title): " + (failure == nil ? "passed" : "failed"))
    if let failure { print(failure.message.split(separator: "\n").map { "   " + $0 }.joined(separator: "\n")) }
    return failure
}

let first = step("1. first run records the reference", badge("않이 패딩이 왜 없어..?"))
let second = step("2. second run compares against it", badge("않이 패딩이 왜 없어..?"))
let third = step("3. a changed label fails with numbers and artifacts", badge("않이 패딩이 게 없어..?"))
// The failed step is pending for labelsnap review and the report, as a failing test's is.
let ok = first != nil && second == nil && third?.message.contains("px differ") == true && third?.recordWritten == true
print(ok ? "round trip: OK" : "round trip: UNEXPECTED RESULT")
exit(ok ? 0 : 1)
