// swift-tools-version:6.0
// A throw-away client package for `make bench`: the matrix benchmark compiled the way a user's tests get
// LabelSnapshot, unoptimised (debug), depending on the checkout two folders up by path.
import PackageDescription

let package = Package(
    name: "MatrixDebugClient",
    dependencies: [.package(name: "LabelSnapshot", path: "../..")],
    targets: [
        // Sources/MatrixBenchmark links to Benchmarks/MatrixBenchmark: the same main.swift as the release run.
        .executableTarget(name: "MatrixBenchmark",
                          dependencies: [.product(name: "LabelSnapshotTesting", package: "LabelSnapshot")]),
    ]
)
