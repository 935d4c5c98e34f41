import SnapshotStore

/// Where an assertion was written and what it runs in, captured once at its public entry and handed down as
/// one value: the snapshot's file and module come from it, a refusal names its line, a failure is reported
/// at it. The matrix verifies its combinations on worker threads, where neither the running test nor the
/// task's configuration is known, so each combination gets the context of the assertion the user wrote.
struct SnapshotContext: Sendable {
    /// `#fileID` of the test file (`Module/File.swift`): the module keys the reference.
    let fileID: String
    /// `#filePath` of the test file: its package root holds `__Snapshots__`.
    let filePath: String
    /// The test name the snapshot's files are named by: the assertion's `testName:` (`#function`) as
    /// `RunningTest.referenceTestName` reads it (the running test for a helper's, after its Swift Testing suites).
    let testName: String
    let line: UInt
    let column: UInt
    /// The settings of the enclosing `withSnapshotTesting` / `.snapshots` scope.
    let configuration: SnapshotTestingConfiguration
    /// The environment the assertion reads (`SNAPSHOT_TESTING_RECORD`, `CI`, `SNAPSHOT_ARTIFACTS`, …): the
    /// scope's, else the process's, read here once; nothing below the entry reads the process's.
    let environment: [String: String]
    /// The `snapshotDirectory:` argument, else the scope's.
    let snapshotDirectory: String?
    /// The test that is running, as the testing libraries say at the entry.
    let running: RunningTest
    /// The file and line as `XCTFail` takes them (a `StaticString`); nil for the `verify…` entries, which
    /// return the failure instead of reporting it.
    let reportedFile: (fileID: StaticString, filePath: StaticString)?

    /// The context of a `verify…` entry (strings, so that tests can point `filePath` into a temporary package).
    init(fileID: String, filePath: String, testName: String, line: UInt, column: UInt = 0, snapshotDirectory: String?) {
        self.init(fileID: fileID, filePath: filePath, testName: testName, line: line, column: column,
                  snapshotDirectory: snapshotDirectory, reportedFile: nil)
    }

    /// The context of an `assert…` entry, which reports its failure at `fileID`/`filePath`:`line`:`column`.
    init(fileID: StaticString, filePath: StaticString, testName: String, line: UInt, column: UInt, snapshotDirectory: String?) {
        self.init(fileID: "\(fileID)", filePath: "\(filePath)", testName: testName, line: line, column: column,
                  snapshotDirectory: snapshotDirectory, reportedFile: (fileID, filePath))
    }

    private init(fileID: String, filePath: String, testName: String, line: UInt, column: UInt, snapshotDirectory: String?,
                 reportedFile: (fileID: StaticString, filePath: StaticString)?) {
        let configuration = SnapshotTestingConfiguration.current
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
        self.configuration = configuration
        environment = configuration.environment ?? ProcessEnvironment.current
        self.snapshotDirectory = snapshotDirectory ?? configuration.snapshotDirectory
        running = RunningTest.current(fileID: fileID, testName: testName)
        // The name the snapshot's files get: after the running test when the assertion is in a helper, after its
        // suites under Swift Testing (RunningTest.referenceTestName).
        self.testName = running.referenceTestName(testName, fileID: fileID, filePath: filePath)
        self.reportedFile = reportedFile
    }

    /// `record` when given, else the scope's record mode (nil: the environment decides).
    func recordMode(_ record: RecordMode?) -> RecordMode? { record ?? configuration.record }

    /// Reports `failure` at the assertion (`XCTFail` / `Issue.record`, with Swift Testing's attachments).
    func report(_ failure: SnapshotFailure) {
        let file = reportedFile ?? (#fileID, #filePath)
        recordSnapshotFailure(failure, fileID: file.fileID, filePath: file.filePath, line: line, column: column)
    }

    /// Reports `message` at the assertion.
    func report(_ message: String) {
        let file = reportedFile ?? (#fileID, #filePath)
        recordSnapshotIssue(message, fileID: file.fileID, filePath: file.filePath, line: line, column: column)
    }
}
