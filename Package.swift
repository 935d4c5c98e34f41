// swift-tools-version:6.0
// LabelSnapshot: snapshot tests for padded text labels on Linux.
// Ten Swift modules, each named for its job (DESIGN.md, "The module map"), declared lowest first below:
//   Support → Imaging → SnapshotStore → SnapshotMessages → SnapshotReview   (snapshots of any value, knowing no label)
//   → Typesetting → LabelRendering → Localization → LabelDescription        (a label: shaped, drawn, swept, described)
//   LabelSnapshotTesting (the assertions) and LabelSnapCLI (`labelsnap`) on top of both.
import PackageDescription

let package = Package(
    name: "LabelSnapshot",
    products: [
        .library(name: "LabelSnapshotTesting", targets: ["LabelSnapshotTesting"]),
        .library(name: "LabelRendering", targets: ["LabelRendering"]),
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
        // OpenSSL's libcrypto, for SHA-256 (the pixel digest of references, docs/snapshots.md).
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto",
                       providers: [.apt(["libssl-dev"])]),
        // xxHash's XXH3-128, the pixel digest of references (docs/snapshots.md): ten times faster than SHA-256.
        .systemLibrary(name: "CXXHash", pkgConfig: "libxxhash",
                       providers: [.apt(["libxxhash-dev"])]),
        // cmark-gfm (CommonMark with GitHub's extensions) for Markdown labels.
        .systemLibrary(name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // ICU stays behind a C shim with plain C types: Foundation carries its own ICU (docs/platform-pitfalls.md).
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n"), .linkedLibrary("icudata")]),

        // libpng's full API behind setjmp (its longjmp error handling never crosses Swift frames), the bitmap's pixel
        // kernels and the diff's row kernels (AVX2 when the CPU has it): Imaging's C, fast in a client's debug build too.
        .target(name: "CImaging", dependencies: ["CPNG"],
                linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate")]),
        // The store's system calls Swift's Glibc lacks (renameat2(RENAME_NOREPLACE), the parallel fdatasync of a batch)
        // and a test process's start and exit status for the run manifest (a constructor: runs before the first test).
        .target(name: "CSnapshotStore"),

        // The Swift modules, lowest first: a module imports only modules declared above it (Scripts/check-modules.py,
        // run by `make lint`, checks this order, the dependencies against the imports, and that every folder is a target).
        // Each module's Module.swift says what it owns and what it may import.
        .target(name: "Support", dependencies: ["CCrypto", "CXXHash"]),
        .target(name: "Imaging", dependencies: ["Support", "CImaging"]),
        .target(name: "SnapshotStore", dependencies: ["Support", "Imaging", "CSnapshotStore"]),
        .target(name: "SnapshotMessages", dependencies: ["Imaging", "SnapshotStore"]),
        .target(name: "SnapshotReview", dependencies: ["Imaging", "SnapshotStore", "SnapshotMessages"]),
        // Resources/Inter: the system font's stand-in (Inter 4.1, pinned; its README says from where).
        .target(name: "Typesetting", dependencies: ["Support", "CFreeType", "CHarfBuzz", "CFontconfig", "CICU"],
                resources: [.copy("Resources/Inter")]),
        .target(name: "LabelRendering", dependencies: ["Imaging", "Typesetting", "CCmarkGFM"]),
        .target(name: "Localization", dependencies: ["Support", "Imaging", "Typesetting", "LabelRendering", "CICU"]),
        .target(name: "LabelDescription", dependencies: ["Support", "Imaging", "SnapshotStore", "Typesetting", "LabelRendering", "Localization"]),
        .target(name: "LabelSnapshotTesting",
                dependencies: ["Support", "Imaging", "SnapshotStore", "SnapshotMessages", "Typesetting", "LabelRendering", "Localization", "LabelDescription", "CSnapshotStore"]),
        .executableTarget(name: "LabelSnapCLI",
                          dependencies: ["Imaging", "Typesetting", "LabelRendering", "Localization", "LabelDescription", "SnapshotStore", "SnapshotMessages", "SnapshotReview"]),

        // The SwiftPM command plugin: runs `labelsnap` in a client package (review, report, accept, …). Both plugins
        // build the labelsnap product themselves (packageManager.build) so that they can say so before the first build.
        .plugin(name: "LabelSnapPlugin",
                capability: .command(
                    intent: .custom(verb: "labelsnap",
                                    description: "Review, report, accept or reject snapshot failures (labelsnap review|report|accept|reject|…)"),
                    permissions: [.writeToPackageDirectory(reason: "accept writes references into __Snapshots__; report, accept, reject and sweep write or remove files in .build/snapshot-artifacts")])),
        // The same executable's `review --list`, which only reads: SwiftPM asks no permission for it.
        .plugin(name: "LabelSnapListPlugin",
                capability: .command(
                    intent: .custom(verb: "labelsnap-list",
                                    description: "List the pending snapshot failures (labelsnap review --list [--artifacts DIR…] [--json]); writes nothing"))),

        // Tests: one target per module (or fewer), and one support target.
        // What several test targets share: font metrics read with FreeType alone (expected values of the layout and
        // rendering tests), SplitMix64 for the seeded property tests, a throw-away package root for the snapshot tests
        // and the test bundle run again as a child process in one, test fonts and PNGs edited byte by byte.
        .target(name: "TestSupport", dependencies: ["CFreeType"], path: "Tests/TestSupport"),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "CImaging", "Support", "TestSupport"],
                    // Read through #filePath; the PngSuite expectations are written by Scripts/make-pngsuite-expectations.py.
                    exclude: ["Fixtures", "__Snapshots__"]),
        .testTarget(name: "TypesettingTests", dependencies: ["Typesetting", "TestSupport"]),
        .testTarget(name: "LabelRenderingTests", dependencies: ["LabelRendering", "Typesetting", "Imaging", "CHarfBuzz", "TestSupport"],
                    exclude: ["Fixtures"]),  // sf-measurements.json: widths iOS drew in the system font, read through #filePath
        // The store, the run manifest written by many threads and processes at once, a failure's words.
        .testTarget(name: "SnapshotStoreTests", dependencies: ["SnapshotStore", "SnapshotMessages", "Imaging", "TestSupport"]),
        .testTarget(name: "SnapshotReviewTests", dependencies: ["SnapshotReview", "SnapshotStore", "SnapshotMessages", "Imaging", "TestSupport"]),
        .testTarget(name: "LocalizationTests",
                    dependencies: ["LabelSnapshotTesting", "Localization", "LabelRendering", "Typesetting", "CFreeType", "TestSupport"],
                    exclude: ["Fixtures"]),
        // The property table driven end to end: command-line text and style JSON onto a label, and its provenance.
        .testTarget(name: "LabelDescriptionTests", dependencies: ["LabelDescription", "Localization", "LabelRendering", "Typesetting", "Imaging", "TestSupport"]),
        .testTarget(name: "LabelSnapshotTestingTests", dependencies: ["LabelSnapshotTesting", "SnapshotStore", "LabelRendering", "Imaging", "SnapshotReview", "LabelDescription", "CSnapshotStore", "TestSupport"]),
        // Runs the built `labelsnap` (review, accept, reject, report) as a subprocess; the dependency
        // on the executable target makes sure it is built first.
        .testTarget(name: "LabelSnapCLITests",
                    dependencies: ["LabelSnapCLI", "SnapshotStore", "SnapshotMessages", "Imaging", "LabelRendering", "Typesetting", "LabelDescription"]),

        // Bad input, environment independence (runs the built `labelsnap`), fuzz regressions.
        .testTarget(name: "HardeningTests", dependencies: ["LabelRendering", "Typesetting", "Imaging", "LabelSnapCLI"],
                    exclude: ["Regressions"]),

        // `make demo`: record, pass and fail one label snapshot in a throw-away package.
        .executableTarget(name: "RoundTripDemo", dependencies: ["LabelSnapshotTesting"], path: "Examples/RoundTrip"),

        // Benchmarks (Benchmarks/run.sh builds them in release).
        .executableTarget(name: "DiffBenchmark", dependencies: ["Imaging"], path: "Benchmarks/DiffBenchmark"),
        .executableTarget(name: "LabelBenchmark",
                          dependencies: ["LabelRendering", "Typesetting", "Imaging", "LabelSnapshotTesting", "Support"],
                          path: "Benchmarks/LabelBenchmark"),
        .executableTarget(name: "InstructionCounts", dependencies: ["LabelSnapshotTesting", "LabelRendering"],
                          path: "Benchmarks/InstructionCounts"),
        // Inside the package it reads the library's pass counts (package access); Benchmarks/MatrixDebugClient builds the
        // same file as a client, without them.
        .executableTarget(name: "MatrixBenchmark", dependencies: ["LabelSnapshotTesting"], path: "Benchmarks/MatrixBenchmark",
                          swiftSettings: [.define("LABELSNAP_PACKAGE_ACCESS")]),
        // The accessibility audit of 48 cells beside recording their snapshots.
        .executableTarget(name: "AuditBenchmark", dependencies: ["LabelSnapshotTesting"], path: "Benchmarks/AuditBenchmark"),
        .executableTarget(name: "SweepBenchmark", dependencies: ["Localization", "LabelRendering"],
                          path: "Benchmarks/SweepBenchmark"),
    ]
)

#if os(Linux)
// `import UIKit` on Linux (Apple platforms have their own): UIView, UILabel and what padded label files use, with UIKit's
// dispatch, drawn by the label pipeline. A module named UIKit makes `canImport(UIKit)` true in the whole build, so
// nothing a plain LabelSnapshotTesting client builds depends on it (DocC "UIKit on Linux").
package.products += [
    .library(name: "UIKit", targets: ["UIKit"]),
    // `import UIKitSnapshotTesting`: the view strategies (`.image(layout:…)`, `.layout`), the matrix over a view factory and
    // the fits check, with LabelSnapshotTesting and UIKit re-exported.
    .library(name: "UIKitSnapshotTesting", targets: ["UIKitSnapshotTesting"]),
]
package.targets += [
    .target(name: "UIKit", dependencies: ["LabelRendering", "Typesetting", "Imaging"]),
    .target(name: "UIKitSnapshotTesting", dependencies: ["UIKit", "LabelSnapshotTesting", "LabelDescription", "LabelRendering", "Localization", "Typesetting", "Support", "Imaging"]),
    // Snapshots of views: record, pass and fail, the override calls, the matrix over a factory, the fits check.
    .testTarget(name: "UIKitSnapshotTestingTests", dependencies: ["UIKitSnapshotTesting", "LabelDescription", "TestSupport"]),
    // The dispatch, label subclasses in each padding pattern, and their drawing against the model.
    // A UILabel subclass's passing snapshot beside the same PaddedLabel's (Benchmarks/run.sh).
    .executableTarget(name: "UIKitBenchmark", dependencies: ["UIKitSnapshotTesting"], path: "Benchmarks/UIKitBenchmark"),
    .testTarget(name: "UIKitTests", dependencies: ["UIKit", "LabelRendering", "Typesetting", "Imaging", "TestSupport"]),
]
#endif
