#if canImport(Testing)
import Foundation
import SnapshotTestSupport
import Testing
import LabelSnapshotTesting

/// Two suites with a test function of the same name in one file would share snapshot files; the second
/// one to assert gets a clear failure instead of a comparison against the other's image.
@Suite(.serialized) struct SameNameInTwoSuites {
    nonisolated(unsafe) static let package = try! TempPackage()
    nonisolated(unsafe) static var messages: [String?] = []
    static let lock = NSLock()

    /// Records `text` as `look()`'s snapshot; when both suites have run, exactly one was refused.
    static func check(_ text: String) {
        let message = withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: text, as: .text, file: package.testFile, testName: "look()")
        }
        lock.lock(); defer { lock.unlock() }
        messages.append(message)
        guard messages.count == 2 else { return }
        let refused = messages.compactMap { $0 }.filter { $0.contains("are both named look()") && $0.contains("named:") }
        #expect(refused.count == 1, "\(messages)")
        #expect(messages.contains { $0?.hasPrefix("No reference was found") == true })
    }

    @Suite struct Light { @Test func look() { SameNameInTwoSuites.check("light") } }
    @Suite struct Dark { @Test func look() { SameNameInTwoSuites.check("dark") } }
}
#endif
