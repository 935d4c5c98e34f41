// swift-tools-version:6.0
// A throw-away client package for `make bench`: depends on the LabelSnapshot checkout two folders up, so
// that `swift build` compiles the library the way a user's tests get it, unoptimised (debug).
import PackageDescription

let package = Package(
    name: "DebugClient",
    dependencies: [.package(name: "LabelSnapshot", path: "../..")],
    targets: [
        // Sources/InstructionCounts links to Benchmarks/InstructionCounts: the operations Benchmarks/callgrind.sh counts.
        .executableTarget(name: "InstructionCounts",
                          dependencies: [.product(name: "LabelSnapshotTesting", package: "LabelSnapshot"),
                                         .product(name: "LabelRendering", package: "LabelSnapshot")]),
        .testTarget(name: "PassPathTests",
                    dependencies: [.product(name: "LabelSnapshotTesting", package: "LabelSnapshot")]),
    ]
)
