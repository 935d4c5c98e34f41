// UIKit (Linux only; Apple platforms have their own): `UIView`, `UILabel` and what padded label files use, with
// UIKit's dispatch (layout, intrinsic size, drawing), drawn by the label pipeline. It may import Imaging, Typesetting
// and LabelRendering; nothing a plain LabelSnapshotTesting client builds depends on it.
