// SnapshotMessages: the words of a snapshot failure, once. `FailureText` turns a `SnapshotFailure`'s values
// into its message and is the `SnapshotWording` every caller gives the store; `SnapshotCommand` spells the commands a
// failure offers; the numbers review shows. It may import Imaging and SnapshotStore.
