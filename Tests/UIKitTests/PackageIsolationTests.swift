import Foundation
import XCTest

/// Once a module named UIKit is built, `canImport(UIKit)` is true in every target of the same build compiled after it
/// (measured with Swift 6.3.1: a client target depending only on LabelSnapshotTesting saw it true once another target
/// of its package used the UIKit product, and false without one). So no product a client tests `PaddedLabel`s with may
/// need the UIKit target: SwiftPM builds only what a product needs. Checked on the manifest SwiftPM reads.
final class PackageIsolationTests: XCTestCase {
    func testOnlyTheUIKitProductsNeedTheUIKitModule() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard let swift = path.split(separator: ":").map({ $0 + "/swift" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { throw XCTSkip("no swift on PATH to read the manifest with") }
        let scratch = NSTemporaryDirectory() + "/labelsnap-dump-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        // Its own scratch folder: the running `swift test` holds the package's .build lock.
        process.arguments = ["package", "--package-path", root.path, "--scratch-path", scratch, "dump-package"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var dependencies: [String: [String]] = [:]
        for target in manifest["targets"] as? [[String: Any]] ?? [] {
            let name = target["name"] as? String ?? ""
            dependencies[name] = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                (dependency["byName"] as? [Any])?.first as? String ?? (dependency["target"] as? [Any])?.first as? String
            }
        }
        func closure(_ names: [String]) -> Set<String> {
            var seen = Set<String>(), queue = names
            while let next = queue.popLast() {
                if seen.insert(next).inserted { queue += dependencies[next] ?? [] }
            }
            return seen
        }
        for product in manifest["products"] as? [[String: Any]] ?? [] {
            let name = product["name"] as? String ?? ""
            let needs = closure(product["targets"] as? [String] ?? [])
            XCTAssertEqual(needs.contains("UIKit"), ["UIKit", "UIKitSnapshotTesting"].contains(name), "product \(name)")
        }
    }
}
