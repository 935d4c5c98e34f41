// Every module `import LabelSnapshotTesting` brings along: those whose types the assertions take or return.

// ImageComparison, the tolerance of `.image(_:)`, and its `compare(_:_:)` of two bitmaps.
@_exported import Imaging
// PaddedLabel, what the label assertions take, and its properties' types.
@_exported import LabelRendering
// LabelStyle and PseudoLocale, what the fits check takes.
@_exported import Localization
// AttributedString(markdown:), an attributed label's text.
// Bitmap, Color and the geometry of a label.
// RecordMode, SnapshotFailure and SnapshotFormat, what the assertions take and return.
@_exported import SnapshotStore
// StringTable, the fits check's strings.
// Font and SystemFont, a label's font and the system font `withSnapshotTesting(systemFont:)` sets.
@_exported import Typesetting
