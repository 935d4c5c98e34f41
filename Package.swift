// swift-tools-version:6.0
// LabelSnapshot: snapshot tests for padded text labels on Linux.
// One target per stage or capability (DESIGN.md §1, the map):
//   PaddedLabel (LabelLayout) → TextLayout → LabelRendering → Bitmap (Raster) → PNGCodec
//   LabelSnapshotTesting → SnapshotStore (which runs the format's PNGCodec and ImageDiff closures) → SnapshotReview ← labelsnap
//   SnapshotStore → SnapshotRun (this test run: unnamed snapshots numbered, references claimed, the manifest of those used)
import PackageDescription

let package = Package(
    name: "LabelSnapshot",
    products: [
        .library(name: "LabelSnapshotTesting", targets: ["LabelSnapshotTesting"]),
        .library(name: "LabelRendering", targets: ["LabelRendering"]),
        .library(name: "ContactSheetRendering", targets: ["ContactSheetRendering"]),
        .executable(name: "labelsnap", targets: ["LabelSnapCLI"]),
        // `swift package --allow-writing-to-package-directory labelsnap review|report|accept|reject …`
        .plugin(name: "LabelSnapPlugin", targets: ["LabelSnapPlugin"]),
        // `swift package labelsnap-list`: the pending failures, listed without asking for write access.
        .plugin(name: "LabelSnapListPlugin", targets: ["LabelSnapListPlugin"]),
    ],
    targets: [
        // System C libraries (Debian packages named in `providers`).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        // OpenSSL's libcrypto, for SHA-256 (the pixel digest of references, DESIGN.md §3).
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        // xxHash's XXH3-128, the pixel digest of references (DESIGN.md §3): ten times faster than SHA-256.
        .systemLibrary(name: "CXXHash", pkgConfig: "libxxhash",
                       providers: [.apt(["libxxhash-dev"])]),
        // cmark-gfm (CommonMark with GitHub's extensions) for Markdown labels.
        .systemLibrary(name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // ICU stays behind a C shim with plain C types: Foundation carries its own ICU (DESIGN.md §6).
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n"), .linkedLibrary("icudata")]),
        // libpng's full API behind setjmp, so its longjmp error handling never crosses Swift frames.
        .target(name: "CPNGShim", dependencies: ["CPNG"],
                linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]),

        // Pipeline stages.
        // Raster's pixel kernels in C: fast in a client's unoptimised (debug) build too.
        .target(name: "CRasterKernels"),
        .target(name: "Raster", dependencies: ["CRasterKernels"]),
        .target(name: "ContentDigest", dependencies: ["CCrypto", "CXXHash"]),
        // The one checked open/read of files that must be regular files (never blocks on a FIFO, never reads a device).
        .target(name: "RegularFiles"),
        .target(name: "PNGCodec", dependencies: ["Raster", "CPNGShim", "ContentDigest", "RegularFiles"]),
        // Row kernels of the anti-aliasing band (AVX2 when the CPU has it).
        .target(name: "CDiffKernels"),
        .target(name: "ImageDiff", dependencies: ["Raster", "CDiffKernels"]),
        // Locked: a value behind a Synchronization.Mutex that ThreadSanitizer sees, the one lock box.
        .target(name: "Locking"),
        .target(name: "Typesetting", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CICU", "Locking", "RegularFiles"]),
        .target(name: "LabelLayout", dependencies: ["Typesetting", "Raster", "PNGCodec"]),
        // Markdown's inline syntax → an attributed label's text (AttributedString(markdown:)).
        .target(name: "MarkdownText", dependencies: ["LabelLayout", "CCmarkGFM"]),
        .target(name: "LabelRendering", dependencies: ["LabelLayout", "Typesetting", "Raster", "CFreeType"]),
        // Grids of images with headers drawn by the label renderer (matrix and per-locale sheets).
        .target(name: "ContactSheetRendering", dependencies: ["LabelRendering", "LabelLayout", "Typesetting", "Raster"]),
        // The table of a label's properties: the provenance's label line, the style JSON keys and `labelsnap render`'s
        // options, each property one entry (DESIGN.md §1, "Adding a label property").
        .target(name: "LabelDescription", dependencies: ["LabelLayout", "MarkdownText", "PNGCodec", "StringResources", "Typesetting", "Raster", "ContentDigest"]),
        // Localization sweep: string catalogs and .strings/.stringsdict in, every translation laid out.
        .target(name: "StringResources", dependencies: ["CICU", "RegularFiles", "Locking"]),
        .target(name: "LocalizationSweep", dependencies: ["StringResources", "Locking", "LabelLayout", "LabelDescription", "LabelRendering",
                                                          "ContactSheetRendering", "Typesetting", "Raster", "MarkdownText"]),
        // A test process's start and exit status, for SnapshotRun's manifest of the references a run used
        // (a constructor: the only code that runs before the first test).
        .target(name: "CSnapshotRun"),
        // renameat2(RENAME_NOREPLACE) and the parallel fdatasync of a batch of references (not in Swift's Glibc).
        .target(name: "CSnapshotFiles"),
        // Test names and `named:` values as single, safe path components (SnapshotNaming), for the store and the run.
        .target(name: "SnapshotFileNames"),
        // This test run's bookkeeping: unnamed snapshots numbered, references claimed across processes, the manifest
        // of the references used (written and judged), the `--filter` pattern of one test.
        .target(name: "SnapshotRun", dependencies: ["CSnapshotRun", "CSnapshotFiles", "RegularFiles", "Locking", "SnapshotFileNames"]),
        .target(name: "SnapshotStore", dependencies: ["Raster", "PNGCodec", "ImageDiff", "ContentDigest", "SnapshotRun", "SnapshotFileNames",
                                                      "CSnapshotFiles", "RegularFiles", "Locking"]),
        // The words of a snapshot failure, above the store: its message (FailureText, from the store's outcome values,
        // given to the store as a SnapshotWording), the commands it offers (SnapshotCommand), the numbers review shows.
        .target(name: "SnapshotMessages", dependencies: ["SnapshotStore", "SnapshotRun", "ImageDiff", "PNGCodec"]),
        // Where a recorded label PNG came from (its provenance text chunk), for the assertions and `labelsnap info`.
        .target(name: "ReferenceProvenance", dependencies: ["LabelDescription", "LabelLayout", "Typesetting", "PNGCodec", "SnapshotStore"]),
        // The review model under `labelsnap review/accept/reject/report`: pending failures of one or
        // more artifacts folders (shards), references, names, accept, reject.
        .target(name: "SnapshotReview", dependencies: ["SnapshotStore", "SnapshotRun", "SnapshotFileNames", "SnapshotMessages", "PNGCodec", "ImageDiff", "Raster"]),
        .target(name: "LabelSnapshotTesting",
                dependencies: ["ContactSheetRendering", "LabelRendering", "LabelLayout", "Typesetting", "SnapshotStore", "SnapshotRun", "SnapshotFileNames",
                               "ImageDiff", "PNGCodec", "MarkdownText", "Raster", "LocalizationSweep", "StringResources", "ContentDigest",
                               "CSnapshotRun", "ReferenceProvenance", "SnapshotMessages", "Locking"]),
        .executableTarget(name: "LabelSnapCLI",
                          dependencies: ["LabelRendering", "LabelLayout", "LabelDescription", "ReferenceProvenance", "Typesetting", "SnapshotStore",
                                         "SnapshotFileNames", "SnapshotReview", "SnapshotMessages", "ImageDiff", "PNGCodec", "Raster", "LocalizationSweep",
                                         "StringResources"]),

        // The SwiftPM command plugin: runs `labelsnap` in a client package (review, report, accept, …).
        .plugin(name: "LabelSnapPlugin",
                capability: .command(
                    intent: .custom(verb: "labelsnap",
                                    description: "Review, report, accept or reject snapshot failures (labelsnap review|report|accept|reject|…)"),
                    permissions: [.writeToPackageDirectory(reason: "accept writes references into __Snapshots__; report, accept and reject write or remove files in .build/snapshot-artifacts")]),
                dependencies: ["LabelSnapCLI"]),
        // The same executable's `review --list`, which only reads: SwiftPM asks no permission for it.
        .plugin(name: "LabelSnapListPlugin",
                capability: .command(
                    intent: .custom(verb: "labelsnap-list",
                                    description: "List the pending snapshot failures (labelsnap review --list [--artifacts DIR…] [--json]); writes nothing")),
                dependencies: ["LabelSnapCLI"]),

        // Tests, one target per stage.
        .testTarget(name: "RasterTests", dependencies: ["Raster"]),
        // SplitMix64 for the seeded property tests of several targets.
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "Raster", "SeededRandom", "ContentDigest", "SnapshotTestSupport"],
                    exclude: ["Fixtures"]),  // read through #filePath; written by Scripts/make-pngsuite-expectations.py
        .testTarget(name: "ImageDiffTests", dependencies: ["ImageDiff", "Raster", "PNGCodec", "SeededRandom"], exclude: ["__Snapshots__"]),
        .testTarget(name: "TypesettingTests", dependencies: ["Typesetting", "FontTestSupport", "SnapshotTestSupport"]),
        // Font metrics read with FreeType alone, for expected values in the layout and rendering tests.
        .target(name: "FontTestSupport", dependencies: ["CFreeType"], path: "Tests/FontTestSupport"),
        .testTarget(name: "LabelLayoutTests", dependencies: ["LabelLayout", "MarkdownText", "Typesetting", "Raster", "FontTestSupport", "SeededRandom"]),
        .testTarget(name: "ContactSheetRenderingTests",
                    dependencies: ["ContactSheetRendering", "LabelRendering", "LabelLayout", "Typesetting", "Raster", "PNGCodec"]),
        .testTarget(name: "LabelRenderingTests", dependencies: ["LabelRendering", "LabelLayout", "Typesetting", "Raster", "PNGCodec", "CHarfBuzz", "FontTestSupport"]),
        // A throw-away package root for the snapshot tests (shared by the test targets below).
        .target(name: "SnapshotTestSupport", path: "Tests/SnapshotTestSupport"),
        .testTarget(name: "SnapshotStoreTests", dependencies: ["SnapshotStore", "SnapshotRun", "SnapshotFileNames", "SnapshotMessages", "Raster", "PNGCodec", "ImageDiff", "SnapshotTestSupport", "SeededRandom"]),
        // The run manifest written by many threads and processes at once, merged per run and judged.
        .testTarget(name: "SnapshotRunTests", dependencies: ["SnapshotRun", "SnapshotTestSupport"]),
        .testTarget(name: "SnapshotReviewTests", dependencies: ["SnapshotReview", "SnapshotStore", "SnapshotRun", "SnapshotFileNames", "SnapshotMessages", "PNGCodec", "Raster", "SnapshotTestSupport"]),
        .testTarget(name: "LocalizationSweepTests",
                    dependencies: ["LabelSnapshotTesting", "LocalizationSweep", "StringResources", "LabelLayout",
                                   "Typesetting", "FontTestSupport", "CFreeType", "SnapshotTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "LabelSnapshotTestingTests", dependencies: ["LabelSnapshotTesting", "SnapshotRun", "SnapshotFileNames", "ContactSheetRendering", "PNGCodec", "SnapshotReview", "SnapshotTestSupport",
                                                                     "ReferenceProvenance", "FontTestSupport"]),
        // The property table driven end to end: command-line text and style JSON onto a label, and its provenance.
        .testTarget(name: "LabelDescriptionTests", dependencies: ["LabelDescription", "ReferenceProvenance", "LocalizationSweep", "LabelLayout",
                                                                  "Typesetting", "Raster", "StringResources", "FontTestSupport"]),
        // Runs the built `labelsnap` (review, accept, reject, report) as a subprocess; the dependency
        // on the executable target makes sure it is built first.
        .testTarget(name: "LabelSnapCLITests",
                    dependencies: ["LabelSnapCLI", "SnapshotStore", "SnapshotRun", "SnapshotFileNames", "SnapshotMessages", "PNGCodec", "Raster", "LabelRendering",
                                   "LabelLayout", "Typesetting"]),

        // Bad input, environment independence (runs the built `labelsnap`), fuzz regressions.
        .testTarget(name: "HardeningTests", dependencies: ["LabelRendering", "LabelLayout", "Typesetting", "PNGCodec", "Raster", "LabelSnapCLI"],
                    exclude: ["Regressions"]),

        // `make demo`: record, pass and fail one label snapshot in a throw-away package.
        .executableTarget(name: "RoundTripDemo", dependencies: ["LabelSnapshotTesting"], path: "Examples/RoundTrip"),

        // Benchmarks (Benchmarks/run.sh builds them in release).
        .executableTarget(name: "DiffBenchmark", dependencies: ["ImageDiff", "PNGCodec", "Raster"], path: "Benchmarks/DiffBenchmark"),
        .executableTarget(name: "LabelBenchmark",
                          dependencies: ["LabelLayout", "LabelRendering", "Typesetting", "PNGCodec", "ImageDiff", "Raster",
                                         "LabelSnapshotTesting", "ContentDigest"],
                          path: "Benchmarks/LabelBenchmark"),
        .executableTarget(name: "InstructionCounts", dependencies: ["LabelSnapshotTesting", "LabelRendering"],
                          path: "Benchmarks/InstructionCounts"),
        // Inside the package it reads the library's pass counts (package access); Benchmarks/MatrixDebugClient builds the
        // same file as a client, without them.
        .executableTarget(name: "MatrixBenchmark", dependencies: ["LabelSnapshotTesting"], path: "Benchmarks/MatrixBenchmark",
                          swiftSettings: [.define("LABELSNAP_PACKAGE_ACCESS")]),
        // The accessibility audit of 48 cells beside recording their snapshots.
        .executableTarget(name: "AuditBenchmark", dependencies: ["LabelSnapshotTesting"], path: "Benchmarks/AuditBenchmark"),
        .executableTarget(name: "SweepBenchmark", dependencies: ["LocalizationSweep", "StringResources", "LabelLayout"],
                          path: "Benchmarks/SweepBenchmark"),
    ]
)

#if os(Linux)
// `import UIKit` on Linux (Apple platforms have their own): UIView, UILabel and what padded label files use, with UIKit's
// dispatch, drawn by the label pipeline. A module named UIKit makes `canImport(UIKit)` true in the whole build, so
// nothing a plain LabelSnapshotTesting client builds depends on it (DocC "UIKit on Linux").
package.products.append(.library(name: "UIKit", targets: ["UIKit"]))
package.targets += [
    .target(name: "UIKit", dependencies: ["LabelLayout", "LabelRendering", "Typesetting", "Raster", "PNGCodec"]),
    // The dispatch, label subclasses in each padding pattern, and their drawing against the model.
    .testTarget(name: "UIKitTests", dependencies: ["UIKit", "LabelLayout", "LabelRendering", "Typesetting", "Raster", "FontTestSupport",
                                                   "SeededRandom"]),
]
#endif
