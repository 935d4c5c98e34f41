// The LabelRendering stage; see DESIGN.md §1.
