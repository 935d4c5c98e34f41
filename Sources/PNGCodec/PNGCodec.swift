// The PNGCodec stage; see DESIGN.md §1.
