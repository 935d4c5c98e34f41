// `import UIKitSnapshotTesting` is the one import a Linux test of UIKit views writes: the assertions and UIKit.

// assertSnapshot/verifySnapshot, Snapshotting, the label model and the matrix.
@_exported import LabelSnapshotTesting
// UIView, UILabel and the rest of the Linux UIKit the views are made of.
@_exported import UIKit
