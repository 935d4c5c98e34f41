// Every module `import LabelSnapshotTesting` brings along: those whose types the assertions take or return.

// ImageComparison, the tolerance of `.image(_:)`, and its `compare(_:_:)` of two bitmaps.
@_exported import ImageDiff
// PaddedLabel, what the label assertions take, and its properties' types.
@_exported import LabelLayout
// LabelStyle and PseudoLocale, what the fits check takes.
@_exported import LocalizationSweep
// AttributedString(markdown:), an attributed label's text.
@_exported import MarkdownText
// Bitmap, Color and the geometry of a label.
@_exported import Raster
// RecordMode, SnapshotFailure and SnapshotFormat, what the assertions take and return.
@_exported import SnapshotStore
// StringTable, the fits check's strings.
@_exported import StringResources
// Font and SystemFont, a label's font and the system font `withSnapshotTesting(systemFont:)` sets.
@_exported import Typesetting
