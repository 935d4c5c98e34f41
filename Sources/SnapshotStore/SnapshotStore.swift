// The SnapshotStore stage; see DESIGN.md §1.
