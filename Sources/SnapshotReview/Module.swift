// SnapshotReview: the model under `labelsnap review/accept/reject/report/orphans`. Pending failures of one or more
// artifacts folders (CI shards), references inside `__Snapshots__`, names with "did you mean", accept, reject, the
// amplified-difference image, unused references from the run manifests. It may import Imaging, SnapshotStore and
// SnapshotMessages.
