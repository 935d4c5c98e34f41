// Typesetting: fonts and shaping. `Font`, `FontFile`, `FontFace` (FreeType + HarfBuzz, opened once per process),
// fontconfig's families, bidi and segmentation (ICU through CICU), shaping with font fallback, glyph images. It knows
// no label and no bitmap: it may import Support and the system libraries (CFreeType, CHarfBuzz, CFontconfig, CICU).
