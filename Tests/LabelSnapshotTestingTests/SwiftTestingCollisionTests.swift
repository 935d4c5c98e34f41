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
        let refused = messages.compactMap { $0 }.filter { $0.contains("both map to __Snapshots__/FakeTests/BadgeTests/look.1.txt") && $0.contains("named:") }
        #expect(refused.count == 1, "\(messages)")
        #expect(messages.contains { $0?.hasPrefix("No reference was found") == true })
    }

    @Suite struct Light { @Test func look() { SameNameInTwoSuites.check("light") } }
    @Suite struct Dark { @Test func look() { SameNameInTwoSuites.check("dark") } }
}

/// One `named:` from two lines of one Swift Testing test: the second is refused with both lines.
@Test func sameNamedFromTwoLines() throws {
    let package = try TempPackage()
    let (first, firstLine) = (withSnapshotTesting(environment: [:]) { verifySnapshot(of: "a", as: .text, named: "n", file: package.testFile) }, #line)
    let (second, secondLine) = (withSnapshotTesting(environment: [:]) { verifySnapshot(of: "b", as: .text, named: "n", file: package.testFile) }, #line)
    #expect(first?.hasPrefix("No reference was found") == true)
    let file = "LabelSnapshotTestingTests/SwiftTestingCollisionTests.swift"
    #expect(second?.contains("sameNamedFromTwoLines() named: \"n\" is used by two assertions of one test, at \(file):\(firstLine) and at \(file):\(secondLine)") == true,
            "\(second ?? "nil")")
}

/// Cases of a parameterised test run in parallel: unnamed snapshots there are refused, named ones work.
@Suite struct ParameterisedSnapshots {
    @Test(arguments: ["alpha", "beta"])
    func badge(_ word: String) throws {
        let package = try TempPackage()   // each case (and each repetition) records afresh
        let unnamed = withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: word, as: .text, file: package.testFile)
        }
        #expect(unnamed?.contains("parameterised test") == true, "\(unnamed ?? "nil")")
        let named = withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: word, as: .text, named: word, file: package.testFile)
        }
        #expect(named?.hasPrefix("No reference was found") == true, "\(named ?? "nil")")
    }
}
#endif
