// The Typesetting stage; see DESIGN.md §1.
