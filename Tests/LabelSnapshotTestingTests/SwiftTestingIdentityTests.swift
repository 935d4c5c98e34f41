import SnapshotStore
#if canImport(Testing)
import Foundation
import LabelSnapshotTesting
import TestSupport
import Testing

/// Identity under Swift Testing: the `.snapshots` trait scopes settings and starts a new run of a test
/// for every repetition, so `--repetitions 3` passes on recorded references.
@Suite struct SwiftTestingIdentityTests {
    /// What the runner does for each iteration of `--repetitions`: the trait's scope around the test body.
    @Test func everyRepetitionNumbersFromOne() async throws {
        let pkg = try TempPackage()
        let trait = SnapshotsTrait.snapshots(record: .missing)
        let file = pkg.testFile
        var messages: [String?] = []
        for _ in 0..<3 {
            let box = MessageBox()
            try await trait.provideScope(for: Test.current!, testCase: Test.Case.current) {
                box.append(verifySnapshot(of: "one", as: .text, file: file)?.message)
                box.append(verifySnapshot(of: "two", as: .text, file: file)?.message)
            }
            messages += box.values
        }
        #expect(messages.prefix(2).allSatisfy { $0?.hasPrefix("No reference was found") == true })
        #expect(messages.dropFirst(2).allSatisfy { $0 == nil }, "\(messages)")
        #expect(pkg.list(pkg.referenceFolder) == ["SwiftTestingIdentityTests.everyRepetitionNumbersFromOne.1.txt", "SwiftTestingIdentityTests.everyRepetitionNumbersFromOne.2.txt"])
    }

    @Test func theTraitNamesTheFolderAndTheRecordMode() async throws {
        let pkg = try TempPackage()
        let trait = SnapshotsTrait.snapshots(record: .all, snapshotDirectory: pkg.root + "/Refs")
        let box = MessageBox()
        let file = pkg.testFile
        try await trait.provideScope(for: Test.current!, testCase: Test.Case.current) {
            box.append(withSnapshotTesting(environment: [:]) { verifySnapshot(of: "x", as: .text, named: "n", file: file)?.message })
        }
        #expect(box.values.first??.hasPrefix("Record mode is \"all\"") == true)
        #expect(pkg.bytes(pkg.root + "/Refs/FakeTests/BadgeTests/SwiftTestingIdentityTests.theTraitNamesTheFolderAndTheRecordMode.n.txt") == Array("x".utf8))
    }

    /// Claims are files shared by the processes of one run (`swift test --parallel`): a second process
    /// claiming the same reference for another snapshot gets the first one's name.
    @Test func claimsAcrossProcessesOfOneRun() throws {
        let pkg = try TempPackage()
        let env = ["LABELSNAP_RUN_ID": "run-\(UInt32.random(in: 0...UInt32.max))"]
        let artifacts = pkg.root + "/.build/snapshot-artifacts"
        #expect(SnapshotRunClaims.claim(key: "/r/a.png", rawName: "testA() named: \"Dark\"", artifactsRoot: artifacts, environment: env) == nil)
        #expect(SnapshotRunClaims.claim(key: "/r/a.png", rawName: "testA() named: \"Dark\"", artifactsRoot: artifacts, environment: env) == nil)
        #expect(SnapshotRunClaims.claim(key: "/r/a.png", rawName: "testA() named: \"dark\"", artifactsRoot: artifacts, environment: env)
                == "testA() named: \"Dark\"")
        // Another run does not see them.
        #expect(SnapshotRunClaims.claim(key: "/r/a.png", rawName: "x", artifactsRoot: artifacts, environment: ["LABELSNAP_RUN_ID": "other"]) == nil)
    }
}

final class MessageBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String?] = []
    func append(_ m: String?) { lock.lock(); stored.append(m); lock.unlock() }
    var values: [String?] { lock.lock(); defer { lock.unlock() }; return stored }
}
#endif
