import Foundation
import LabelRendering
import Typesetting
import XCTest

/// Scratch files for bad fonts and text files, removed with the process's temporary folder.
enum Scratch {
    static let folder: String = {
        let dir = NSTemporaryDirectory() + "HardeningTests-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }()

    static func file(_ name: String, _ bytes: Data) -> String {
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: bytes)
        return path
    }

    static func directory(_ name: String) -> String {
        let path = folder + "/" + name
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// The `LabelError` a throwing expression throws, failing the test otherwise.
func labelError<T>(_ body: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line) -> LabelError? {
    do {
        _ = try body()
        XCTFail("expected a LabelError, got a result", file: file, line: line)
    } catch let e as LabelError {
        XCTAssertFalse(e.description.isEmpty, file: file, line: line)
        return e
    } catch {
        XCTFail("expected a LabelError, got \(type(of: error)): \(error)", file: file, line: line)
    }
    return nil
}

/// Deterministic pseudo-random bytes (SplitMix64).
func pseudoRandomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed
    return (0..<count).map { _ in
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: z ^ (z >> 31))
    }
}

/// Wall-clock seconds of `body`.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
