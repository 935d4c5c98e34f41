// The LabelSnapshotTesting stage; see DESIGN.md §1.
