import SnapshotStore
import Typesetting

/// Settings for the snapshot assertions inside a scope (see `withSnapshotTesting` and the `.snapshots`
/// trait). An assertion's own argument wins over the scope, which wins over the environment
/// (`SNAPSHOT_TESTING_RECORD`, `LABELSNAP_SNAPSHOTS_DIR`).
public struct SnapshotTestingConfiguration: Sendable {
    /// The record mode for assertions without a `record:` argument; `nil` reads the environment.
    public var record: RecordMode?
    /// The folder used in place of `<package root>/__Snapshots__` (same layout inside; relative paths
    /// from the package root); `nil` reads `LABELSNAP_SNAPSHOTS_DIR`, then uses `__Snapshots__`.
    public var snapshotDirectory: String?
    /// The environment the assertions read (`SNAPSHOT_TESTING_RECORD`, `CI`,
    /// `SNAPSHOT_ARTIFACTS`, `LABELSNAP_SNAPSHOTS_DIR`, and `LABELSNAP_RUN_ID` for the claims shared by a run's
    /// processes); `nil` reads the process environment, once per assertion. Lets tests run in parallel with
    /// different settings without `setenv`. `LABELSNAP_SYSTEM_FONT` is not read from it: the system font is
    /// chosen where a `Font.system` is made, from the process (`withSnapshotTesting(systemFont:)` scopes one).
    public var environment: [String: String]?

    /// - Parameters: see the properties; `nil` leaves a setting to the enclosing scope or the environment.
    public init(record: RecordMode? = nil, snapshotDirectory: String? = nil, environment: [String: String]? = nil) {
        self.record = record
        self.snapshotDirectory = snapshotDirectory
        self.environment = environment
    }

    /// The configuration in force for the current task.
    @TaskLocal public static var current = SnapshotTestingConfiguration()

    /// This configuration with the settings `inner` gives; the others kept.
    func overridden(by inner: SnapshotTestingConfiguration) -> SnapshotTestingConfiguration {
        SnapshotTestingConfiguration(record: inner.record ?? record, snapshotDirectory: inner.snapshotDirectory ?? snapshotDirectory,
                                     environment: inner.environment ?? environment)
    }
}

/// Runs `operation` with snapshot settings: a record mode, a folder of references, an environment and/or a system
/// font that replace the process's. Nested scopes inherit the settings they do not replace.
///
/// ```swift
/// override func invokeTest() { withSnapshotTesting(record: .failed, systemFont: "SF Pro") { super.invokeTest() } }
/// ```
/// - Parameters:
///   - record: the record mode of the assertions inside (`.all`, `.missing`, `.failed`, `.never`); nil: the enclosing
///     scope's, else `SNAPSHOT_TESTING_RECORD`.
///   - snapshotDirectory: the folder of references used in place of `<package root>/__Snapshots__` (relative paths
///     from the package root); nil: the enclosing scope's, else `LABELSNAP_SNAPSHOTS_DIR`.
///   - environment: the variables the assertions read instead of the process's (`SNAPSHOT_TESTING_RECORD`, `CI`,
///     `SNAPSHOT_ARTIFACTS`, …); nil: the enclosing scope's, else the process's.
///   - systemFont: what `Font.system` draws inside, instead of `LABELSNAP_SYSTEM_FONT` or the stand-in: a family
///     name (`"SF Pro"`), or font files and folders (`"/opt/fonts/SF-Pro.ttf"`, `.files([...])`); fonts made inside
///     keep it. nil: unchanged.
///   - operation: the work the settings apply to.
/// - Returns: what `operation` returns.
public func withSnapshotTesting<R>(record: RecordMode? = nil, snapshotDirectory: String? = nil,
                                   environment: [String: String]? = nil, systemFont: SystemFont.Source? = nil,
                                   operation: () throws -> R) rethrows -> R {
    let inner = SnapshotTestingConfiguration.current.overridden(by: SnapshotTestingConfiguration(
        record: record, snapshotDirectory: snapshotDirectory, environment: environment))
    guard let systemFont else { return try SnapshotTestingConfiguration.$current.withValue(inner, operation: operation) }
    return try SystemFont.withSystemFont(systemFont) {
        try SnapshotTestingConfiguration.$current.withValue(inner, operation: operation)
    }
}

/// `withSnapshotTesting` for async work.
/// - Parameters:
///   - record: as in the synchronous `withSnapshotTesting`.
///   - snapshotDirectory: as in the synchronous `withSnapshotTesting`.
///   - environment: as in the synchronous `withSnapshotTesting`.
///   - systemFont: as in the synchronous `withSnapshotTesting`.
///   - operation: the work the settings apply to.
/// - Returns: what `operation` returns.
public func withSnapshotTesting<R>(record: RecordMode? = nil, snapshotDirectory: String? = nil,
                                   environment: [String: String]? = nil, systemFont: SystemFont.Source? = nil,
                                   operation: () async throws -> R) async rethrows -> R {
    let inner = SnapshotTestingConfiguration.current.overridden(by: SnapshotTestingConfiguration(
        record: record, snapshotDirectory: snapshotDirectory, environment: environment))
    guard let systemFont else { return try await SnapshotTestingConfiguration.$current.withValue(inner, operation: operation) }
    return try await SystemFont.withSystemFont(systemFont) {
        try await SnapshotTestingConfiguration.$current.withValue(inner, operation: operation)
    }
}
