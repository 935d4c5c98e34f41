// The ImageDiff stage; see DESIGN.md §1.
