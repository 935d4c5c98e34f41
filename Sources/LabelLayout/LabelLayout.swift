// The LabelLayout stage; see DESIGN.md §1.
