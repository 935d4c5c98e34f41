// swift-tools-version:6.0
// A throw-away client package for `make bench`: the UIKit benchmark compiled the way a user's tests get
// LabelSnapshot, unoptimised (debug), depending on the checkout two folders up by path.
import PackageDescription

let package = Package(
    name: "UIKitDebugClient",
    dependencies: [.package(name: "LabelSnapshot", path: "../..")],
    targets: [
        // Sources/UIKitBenchmark links to Benchmarks/UIKitBenchmark: the same main.swift as the release run.
        .executableTarget(name: "UIKitBenchmark",
                          dependencies: [.product(name: "UIKitSnapshotTesting", package: "LabelSnapshot")]),
    ]
)
