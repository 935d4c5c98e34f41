// LabelRendering: a label from model to pixels. `PaddedLabel` (the model), line breaking, truncation and
// `TextLayout` with its `.layout` text, attachments decoded from their PNGs (Layout/); Markdown's inline syntax onto an
// attributed label (Markdown/); `LabelRenderer`, background, glyphs and border into a `Bitmap` (the top folder); grids
// of images with drawn headers, `ContactSheet` (ContactSheet/). It may import Support, Imaging, Typesetting and
// CCmarkGFM; nothing about strings files, snapshots or tests.
