import Typesetting

/// Runs `operation` with snapshot settings (as `withSnapshotTesting(record:snapshotDirectory:environment:operation:)`)
/// and `Font.system` drawn by `systemFont` instead of `LABELSNAP_SYSTEM_FONT` or the stand-in: a family name
/// (`"SF Pro"`), or font files and folders (`"/opt/fonts/SF-Pro.ttf"`, `.files([...])`). Fonts made inside keep it.
///
/// ```swift
/// override func invokeTest() { withSnapshotTesting(systemFont: "SF Pro") { super.invokeTest() } }
/// ```
public func withSnapshotTesting<R>(systemFont: SystemFont.Source, record: RecordMode? = nil,
                                   snapshotDirectory: String? = nil, environment: [String: String]? = nil,
                                   operation: () throws -> R) rethrows -> R {
    try SystemFont.withSystemFont(systemFont) {
        try withSnapshotTesting(record: record, snapshotDirectory: snapshotDirectory, environment: environment, operation: operation)
    }
}

/// `withSnapshotTesting(systemFont:…)` for async work.
public func withSnapshotTesting<R>(systemFont: SystemFont.Source, record: RecordMode? = nil,
                                   snapshotDirectory: String? = nil, environment: [String: String]? = nil,
                                   operation: () async throws -> R) async rethrows -> R {
    try await SystemFont.withSystemFont(systemFont) {
        try await withSnapshotTesting(record: record, snapshotDirectory: snapshotDirectory, environment: environment,
                                      operation: operation)
    }
}
