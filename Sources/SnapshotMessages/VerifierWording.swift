import SnapshotStore

/// The store's checks with this module's words (`FailureText.wording`), for callers that word failures as the
/// assertions do: tests, benchmarks, the example.
extension SnapshotVerifier {
    /// `verify(…, wording: FailureText.wording)`.
    package static func verify<Value>(_ value: Value, as format: SnapshotFormat<Value>, named name: String? = nil,
                                     record: RecordMode? = nil, filePath: String, testName: String,
                                     environment: [String: String],
                                     counter: SnapshotCounter = .shared, testCase: String? = nil,
                                     fileID: String? = nil, snapshotDirectory: String? = nil,
                                     testCaseArguments: String? = nil, testSelection: String? = nil) -> SnapshotFailure? {
        verify(value, as: format, named: name, record: record, filePath: filePath, testName: testName, environment: environment,
               counter: counter, testCase: testCase, fileID: fileID, snapshotDirectory: snapshotDirectory,
               testCaseArguments: testCaseArguments, testSelection: testSelection, wording: FailureText.wording)
    }

    /// `SNAPSHOT_TESTING_RECORD=<mode> swift test --filter '…'`: the re-record command of the test at `location`
    /// (the pattern of `testFilter`).
    package static func recordCommand(_ mode: RecordMode, for location: SnapshotLocation, testCase: String? = nil,
                                     selection: String? = nil) -> String {
        FailureText.command(.rerecord(mode), testFilter: testFilter(for: location, testCase: testCase, selection: selection))
    }
}
