import SnapshotStore
#if canImport(Testing)
import Testing

/// A Swift Testing trait that scopes snapshot settings to a test or a suite, as swift-snapshot-testing's
/// `.snapshots(record:)`: `@Suite(.snapshots(record: .failed, snapshotDirectory: "References"))`.
///
/// Each run of each test in its scope (also every iteration of `--repetitions` and `--repeat-until`) numbers
/// its unnamed snapshots from 1 again: Swift Testing gives no other signal that a test starts again.
public struct SnapshotsTrait: TestTrait, SuiteTrait, TestScoping {
    public var configuration: SnapshotTestingConfiguration
    public var isRecursive: Bool { true }

    /// True inside the scope of a `.snapshots` trait (and the tasks it creates): the trait starts each
    /// run, so `SwiftTestingRunTracker` stays out of the way.
    @TaskLocal static var isInScope = false

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        // Suites get the scope too (isRecursive): only a test function starts a run.
        if !test.isSuite {
            SnapshotCounter.shared.startRun(testCase: RunningTest.identity(of: test))
        }
        try await Self.$isInScope.withValue(true) {
            try await withSnapshotTesting(record: configuration.record, snapshotDirectory: configuration.snapshotDirectory,
                                          environment: configuration.environment) {
                try await function()
            }
        }
    }
}

extension Trait where Self == SnapshotsTrait {
    /// Snapshot settings for a test or suite: the record mode and the folder of references (see
    /// `SnapshotTestingConfiguration`); nil leaves a setting to the enclosing scope or the environment.
    public static func snapshots(record: RecordMode? = nil, snapshotDirectory: String? = nil) -> SnapshotsTrait {
        SnapshotsTrait(configuration: SnapshotTestingConfiguration(record: record, snapshotDirectory: snapshotDirectory))
    }

    /// The trait with the default settings: unnamed snapshots numbered per run (for `--repetitions`).
    public static var snapshots: SnapshotsTrait { .snapshots() }
}
#endif
