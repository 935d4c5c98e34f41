// libFuzzer entry point for PNGCodec.decode (built by Scripts/fuzz-png-decode.sh, which compiles
// this file together with the Raster, ContentDigest and PNGCodec sources into one module).
//
// Invariants checked on every input:
//   - decode either returns a consistent bitmap or throws a PNGError (never another error, never a crash);
//   - a decoded bitmap survives encode → decode unchanged, and encoding is deterministic;
//   - header(of:) (IHDR alone) returns or throws a PNGError, and for a decodable file gives its size.

@_cdecl("LLVMFuzzerTestOneInput")
public func pngDecodeFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var header: PNGCodec.Header?
    do { header = try PNGCodec.header(of: bytes) } catch is PNGError {} catch {
        fatalError("header(of:) threw a non-PNGError: \(error)")
    }
    let bitmap: Bitmap
    do {
        bitmap = try PNGCodec.decode(bytes, maximumPixelCount: 1 << 22)
    } catch is PNGError {
        return 0  // expected for bad input
    } catch {
        fatalError("decode threw a non-PNGError: \(error)")
    }
    precondition(bitmap.width > 0 && bitmap.height > 0 && bitmap.pixels.count == bitmap.width * bitmap.height * 4)
    precondition(header.map { ($0.width, $0.height) == (bitmap.width, bitmap.height) } == true, "IHDR and the decoded size disagree")
    guard let encoded = try? PNGCodec.encode(bitmap), let again = try? PNGCodec.encode(bitmap),
          let back = try? PNGCodec.decode(encoded) else {
        fatalError("a decoded bitmap failed to encode or decode again")
    }
    precondition(encoded == again, "encoding is not deterministic")
    precondition(back == bitmap, "round trip changed the bitmap")
    return 0
}
