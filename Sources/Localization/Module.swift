// Localization: an app's strings and every translation laid out. `StringTable` and its readers (.xcstrings as
// strict JSON with lines, .strings, .stringsdict, *.lproj; format specifiers and samples: Resources/); `Sweep`, `LabelStyle`,
// `FitCheck`, pseudo-locales, the sweep's report and per-locale contact sheets (Sweep/). It may import Support, Imaging,
// Typesetting, LabelRendering and CICU; a style's JSON keys are LabelDescription's, above it.
