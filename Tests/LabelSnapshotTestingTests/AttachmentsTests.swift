#if canImport(Testing)
import Foundation
import Imaging
import TestSupport
import Testing
import LabelSnapshotTesting

/// Under Swift Testing a failing snapshot attaches the compared reference, the actual image and the
/// diff, and `--attachments-path DIR` saves them: this test bundle is run again as a child process,
/// as SwiftPM runs it, on one failing helper test.
@Suite struct AttachmentsTests {
    static let helperVariable = "LABELSNAP_TEST_ATTACHMENTS_HELPER"

    @Test func aFailureSavesReferenceActualAndDiffPNGs() throws {
        guard TestBundleProcess.bundle != nil else { return }   // not run from a SwiftPM test bundle
        let pkg = try TempPackage()
        let saved = pkg.root + "/attachments"
        try FileManager.default.createDirectory(atPath: saved, withIntermediateDirectories: true)   // Swift Testing wants it to exist
        let child = try TestBundleProcess.run(["--testing-library", "swift-testing", "--attachments-path", saved, "--filter", "attachmentsHelper"],
                                              in: pkg.root, environment: [Self.helperVariable: pkg.testFile])
        #expect(child.status != 0, "the helper's snapshot fails")

        let names = try FileManager.default.subpathsOfDirectory(atPath: saved).filter { $0.hasSuffix(".png") }
        for kind in ["reference", "actual", "diff"] {
            let matching = names.filter { $0.split(separator: "/").last?.hasPrefix("AttachmentsTests.attachmentsHelper.badge.\(kind)") == true }
            #expect(matching.count == 1, "\(kind) in \(names)")
            guard let name = matching.first else { continue }
            let image = try PNGCodec.decode(contentsOf: saved + "/" + name)
            #expect(image.width == 8 && image.height == 6, "\(kind): \(image.width)×\(image.height)")
        }
        // The saved actual is the image the helper asserted: white with one black pixel at (3, 2).
        if let actual = names.first(where: { $0.contains("AttachmentsTests.attachmentsHelper.badge.actual") }) {
            let image = try PNGCodec.decode(contentsOf: saved + "/" + actual)
            let black = stride(from: 0, to: image.pixels.count, by: 4).filter { image.pixels[$0] == 0 }.map { ($0 / 4) % 8 + ($0 / 4 / 8) * 100 }
            #expect(black == [203])
        }
    }

    /// The failing assertion (only in the child process started above).
    @Test(.enabled(if: ProcessInfo.processInfo.environment[AttachmentsTests.helperVariable] != nil))
    func attachmentsHelper() throws {
        let file = try #require(ProcessInfo.processInfo.environment[Self.helperVariable])
        let reference = try Bitmap(width: 8, height: 6, fill: .white)
        var actual = reference
        actual.pixels.replaceSubrange((2 * 8 + 3) * 4..<(2 * 8 + 3) * 4 + 3, with: [0, 0, 0])
        let location = try SnapshotLocation.locate(filePath: file, testName: "AttachmentsTests.attachmentsHelper()", name: "badge", pathExtension: "png",
                                                   environment: [:])
        try FileManager.default.createDirectory(atPath: location.referenceFolder, withIntermediateDirectories: true)
        try Data(try PNGCodec.encode(reference)).write(to: URL(fileURLWithPath: location.referencePath))
        let failure = try #require(withSnapshotTesting(record: .never, environment: [:]) {
            verifySnapshot(of: actual, as: .image, named: "badge", writesFailureRecord: true, file: file)
        })
        recordSnapshotFailure(failure)   // what assertSnapshot does with a failure: the issue and the attachments
    }
}
#endif
