// Imaging: bitmaps and their files. `Bitmap` (RGBA8, straight alpha, sRGB), colours, compositing and corner shapes
// (Raster/); PNG encode and decode, text chunks, the digest of a PNG's image chunks (PNG/: `PNGCodec`); the comparison
// of two bitmaps, its counts and diff images (Diff/). Its C (CImaging) holds libpng behind setjmp and the pixel and
// diff kernels. It knows no text, label or snapshot: it may import Support and CImaging only.
