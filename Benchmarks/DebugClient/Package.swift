// swift-tools-version:6.0
// A throw-away client package for `make bench`: depends on the LabelSnapshot checkout two folders up, so
// that `swift build` compiles the library the way a user's tests get it, unoptimised (debug).
import PackageDescription

let package = Package(
    name: "DebugClient",
    dependencies: [.package(name: "LabelSnapshot", path: "../..")],
    targets: [
        .testTarget(name: "PassPathTests",
                    dependencies: [.product(name: "LabelSnapshotTesting", package: "LabelSnapshot")]),
    ]
)
