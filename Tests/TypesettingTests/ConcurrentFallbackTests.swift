import Foundation
import TestSupport
import Typesetting
import XCTest

/// The face chosen per cluster is remembered per chain in a process-wide table that every thread reads and fills
/// (`FaceChoiceCache`'s atomic entries): threads shaping with a chain nothing else uses fill it at once. Run under
/// ThreadSanitizer by `Scripts/sanitize.sh thread` (the name starts with `testConcurrent`), where an unguarded
/// entry or face is reported as a race.
final class ConcurrentFallbackTests: XCTestCase {
    func testConcurrentFirstUseOfAChainPicksTheFirstCoveringFaceEverywhere() throws {
        // DejaVu Sans, then NanumGothic (Hangul), then Noto Sans CJK (Han NanumGothic lacks): a chain no other test
        // shapes with.
        let chain = [FontFile.dejaVuSans, .nanumGothic, .notoSansCJK]
        let font = Font(file: chain[0], size: 17, fallbacks: Array(chain.dropFirst()))
        let text = String(repeating: "Aé שלום 한글 → 东严 xyz ㄱ ", count: 40)
        let units = Array(text.utf16)
        XCTAssertTrue(units.allSatisfy { !UTF16.isLeadSurrogate($0) && !UTF16.isTrailSurrogate($0) })
        // Each character is its own cluster: the first face whose cmap (read by FreeType) maps it.
        let expected = units.map { unit -> Int in
            let scalar = Unicode.Scalar(unit)!
            return chain.firstIndex { FontReference.covers(scalar, path: $0.path, faceIndex: $0.faceIndex) } ?? 0
        }
        XCTAssertEqual(Set(expected), [0, 1, 2], "the text needs all three faces")
        // One slot per thread, each written by its thread alone; concurrentPerform returns after all have run.
        var results = [[Int]](repeating: [], count: 8)
        results.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: slots.count) { i in
                guard let shaped = try? Shaper.shape(units, font: font),
                      shaped.glyphs.map(\.cluster) == Array(units.indices) else { return }
                slots[i] = shaped.glyphs.map { chain.firstIndex(of: shaped.faces[$0.faceIndex]) ?? -1 }
            }
        }
        for (i, faces) in results.enumerated() { XCTAssertEqual(faces, expected, "thread \(i)") }
    }
}
