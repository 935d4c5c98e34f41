// LabelSnapshotTesting: the one import a test writes. The assertions (`assertLabelSnapshot`, `assertSnapshot`, the
// matrix, `assertLabelsFit`, `withSnapshotTesting`) for XCTest and Swift Testing, the strategies as `Snapshotting`
// values, the test run's hooks; it re-exports the modules whose types a test writes. It may import every module
// declared before it but SnapshotReview (review is labelsnap's), and CSnapshotStore.
