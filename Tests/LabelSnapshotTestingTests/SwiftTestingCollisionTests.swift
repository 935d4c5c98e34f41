#if canImport(Testing)
import Foundation
import TestSupport
import Testing
import LabelSnapshotTesting

/// Two suites with a test function of the same name in one file: references of Swift Testing tests are named
/// by suite and test, so each has its own (they raced for one `look.1.txt` before, in whichever order they ran).
@Suite struct SameNameInTwoSuites {
    /// Records `text` as the running `look()`'s snapshot: a file of its own, named by its suites.
    static func check(_ text: String, suite: String) throws {
        let package = try TempPackage()
        let message = withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: text, as: .text, file: package.testFile, testName: "look()")?.message
        }
        #expect(message?.hasPrefix("No reference was found for snapshot SameNameInTwoSuites.\(suite).look.1") == true, "\(message ?? "nil")")
        #expect(package.bytes(package.reference("SameNameInTwoSuites.\(suite).look.1.txt")) == Array(text.utf8))
        #expect(package.list(package.referenceFolder) == ["SameNameInTwoSuites.\(suite).look.1.txt"])
    }

    @Suite struct Light { @Test func look() throws { try SameNameInTwoSuites.check("light", suite: "Light") } }
    @Suite struct Dark { @Test func look() throws { try SameNameInTwoSuites.check("dark", suite: "Dark") } }
}

/// A reference recorded under the test's bare name, before suites named references, is named in the failure
/// (with the move to make), never moved: two suites may have shared it.
@Suite struct FormerBareName {
    @Test func look() throws {
        let package = try TempPackage()
        let former = package.reference("look.n.txt")
        try package.write(Array("old".utf8), to: former)
        let message = withSnapshotTesting(record: .never, environment: [:]) {
            verifySnapshot(of: "new", as: .text, named: "n", file: package.testFile, testName: "look()")?.message
        }
        #expect(message?.contains("A reference named before Swift Testing suites named references is beside it: \(former). "
            + "If it is this test's, move it there (git mv \(former) \(package.reference("FormerBareName.look.n.txt")))") == true,
                "\(message ?? "nil")")
        #expect(package.bytes(former) == Array("old".utf8))
    }
}

/// Where one file remains for two suites (names that differ only in letter case are one file on macOS), the
/// refusal names both suites, whichever ran first.
@Suite(.serialized) struct SuitesOneFileApart {
    nonisolated(unsafe) static let package = try! TempPackage()
    nonisolated(unsafe) static var messages: [String?] = []
    static let lock = NSLock()

    static func check(_ text: String) {
        let message = withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: text, as: .text, named: "n", file: package.testFile, testName: "look()")?.message
        }
        lock.lock(); defer { lock.unlock() }
        messages.append(message)
        guard messages.count == 2 else { return }
        let refused = messages.compactMap { $0 }.filter { $0.contains("was not checked") }
        #expect(refused.count == 1, "\(messages)")
        #expect(refused.allSatisfy { $0.contains("SuitesOneFileApart.Tint.look() named: \"n\"") && $0.contains("SuitesOneFileApart.tint.look() named: \"n\"")
            && $0.contains("case-insensitive") }, "\(refused)")
    }

    @Suite struct Tint { @Test func look() { SuitesOneFileApart.check("upper") } }
    // swift-format-ignore: TypeNamesShouldBeCapitalized
    @Suite struct tint { @Test func look() { SuitesOneFileApart.check("lower") } }
}

/// One `named:` from two lines of one Swift Testing test: the second is refused with both lines.
@Test func sameNamedFromTwoLines() throws {
    let package = try TempPackage()
    let (first, firstLine) = (withSnapshotTesting(environment: [:]) { verifySnapshot(of: "a", as: .text, named: "n", file: package.testFile)?.message }, #line)
    let (second, secondLine) = (withSnapshotTesting(environment: [:]) { verifySnapshot(of: "b", as: .text, named: "n", file: package.testFile)?.message }, #line)
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
            verifySnapshot(of: word, as: .text, file: package.testFile)?.message
        }
        #expect(unnamed?.contains("parameterised test") == true, "\(unnamed ?? "nil")")
        let named = withSnapshotTesting(environment: [:]) {
            verifySnapshot(of: word, as: .text, named: word, file: package.testFile)?.message
        }
        #expect(named?.hasPrefix("No reference was found") == true, "\(named ?? "nil")")
    }
}
#endif
