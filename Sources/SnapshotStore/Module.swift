// SnapshotStore: snapshots of any value, knowing no label. Paths, record modes, the verify of one snapshot against
// its reference through the `SnapshotFormat` its caller gives, the pass path's proof by pixel digest
// (`ImageReferenceDigest`, `DecodedImageMemo`), atomic writes, artifacts and failure records, the outcome as values
// (`SnapshotFailure`) worded by the caller (`SnapshotWording`); this test run's bookkeeping (Run/: unnamed snapshots
// numbered, references claimed across processes, the run manifest, `TestFilter`); names as safe path components
// (`SnapshotNaming`). Its C (CSnapshotStore) holds the no-replace rename, the batch fdatasync and the process hooks.
// It may import Support, Imaging and CSnapshotStore; it reads no environment and words no failure.
