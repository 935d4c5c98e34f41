import LabelRendering
import SnapshotStore

// The snapshot doors with the test file as a runtime `String` rather than a `#filePath` literal, for this package's
// own tests, demo and benchmarks, which point it into a throw-away package (a `StaticString` is a literal). Not
// public: a client's tests are where their `#filePath` says.

/// `verifySnapshot(of:as:…)` at a test file given as a path.
package func verifySnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String? = nil,
    record: RecordMode? = nil, snapshotDirectory: String? = nil, writesFailureRecord: Bool = false,
    fileID: String = #fileID, file filePath: String, testName: String = #function, line: UInt = #line
) -> SnapshotFailure? {
    let context = SnapshotContext(fileID: fileID, filePath: filePath, testName: testName, line: line, snapshotDirectory: snapshotDirectory)
    return SnapshotVerifier.$writesFailureRecord.withValue(writesFailureRecord) {
        verify(value, as: strategy, named: name, record: record, in: context)
    }
}

/// `verifySnapshots(of:matrix:…)` at a test file given as a path.
package func verifySnapshots<Format>(
    of label: @autoclosure () throws -> PaddedLabel, matrix axes: [LabelMatrixAxis], as strategy: Snapshotting<PaddedLabel, Format> = .image,
    named name: String? = nil, record: RecordMode? = nil, maxConcurrency: Int? = nil,
    sheetAxes: (across: LabelMatrixAxis.Kind, down: LabelMatrixAxis.Kind)? = nil, snapshotDirectory: String? = nil,
    writesFailureRecord: Bool = false, fileID: String = #fileID, file filePath: String, testName: String = #function, line: UInt = #line
) -> LabelMatrixFailures? {
    let context = SnapshotContext(fileID: fileID, filePath: filePath, testName: testName, line: line, snapshotDirectory: snapshotDirectory)
    return SnapshotVerifier.$writesFailureRecord.withValue(writesFailureRecord) {
        verifyMatrix(label, matrix: axes, as: strategy, named: name, record: record, maxConcurrency: maxConcurrency,
                     sheetAxes: sheetAxes, in: context)
    }
}
