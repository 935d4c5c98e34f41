// LabelDescription: a label described in text. `LabelProperty.all`, one entry per `PaddedLabel` property: its style
// JSON key (`LabelStyle`'s JSON is read here), its `labelsnap render` option and help, its value syntax and parser, its
// part of the provenance's `label:` line; `SnapshotProvenance`, the text chunk of a recorded label PNG (library and
// font versions, the label line, the store's digest lines). It may import Support, Imaging, SnapshotStore (for those
// digest lines), Typesetting, LabelRendering and Localization.
