// DiffBenchmark: times ImageDiff.compare on raw RGBA8 pairs listed in a manifest written by
// Benchmarks/bench.py, and prints one tab-separated line per pair for bench.py to tabulate.
// Usage: DiffBenchmark <manifest.txt>
//   pair  <name> <width> <height> <a.rgba> <b.rgba>
//   batch <name> <width> <height> <distinct> <total> <prefix>   (files <prefix><i>_a.rgba / _b.rgba)
// Timing: 1 warm-up run, then the best of 21 of wall-clock time (`…_ms`) and, apart, of process CPU time, all threads
// (`…_cpu_ms`): compare splits large images into row bands on every core, so thread time would miss work and wall
// time alone would hide it. For each pair whose PNG files (same names, .png) exist, also decode both files and
// compare: `<name>_png png_ms=… png_cpu_ms=… png_n=…`.
import Foundation
import Imaging

func load(_ path: String, _ w: Int, _ h: Int) -> Bitmap {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write("DiffBenchmark: cannot read \(path)\n".data(using: .utf8)!)
        exit(2)
    }
    do { return try Bitmap(width: w, height: h, pixels: [UInt8](data)) } catch {
        FileHandle.standardError.write("DiffBenchmark: \(path): \(error)\n".data(using: .utf8)!)
        exit(2)
    }
}

/// Milliseconds of `clock` (CLOCK_MONOTONIC: wall time; CLOCK_PROCESS_CPUTIME_ID: CPU time of all threads).
func milliseconds(_ clock: clockid_t) -> Double {
    var t = timespec()
    clock_gettime(clock, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

/// Best of 21 timed runs after one warm-up: (wall ms, CPU ms, value); `body` returns a value kept alive. The machine is
/// shared: the best of few runs still carries other processes' use of the caches and cores.
func time(_ body: () -> Int) -> (ms: Double, cpu: Double, value: Int) {
    var value = body()   // warm-up
    var wall: [Double] = [], cpu: [Double] = []
    for _ in 0..<21 {
        let w = milliseconds(CLOCK_MONOTONIC), c = milliseconds(CLOCK_PROCESS_CPUTIME_ID)
        value = body()
        cpu.append(milliseconds(CLOCK_PROCESS_CPUTIME_ID) - c)
        wall.append(milliseconds(CLOCK_MONOTONIC) - w)
    }
    return (wall.min()!, cpu.min()!, value)
}

let threshold = ImageComparison.pixelmatch(threshold: 0.1)
let whiteBG = ImageComparison(threshold: 0.1, alphaBackground: .white)

func report(_ name: String, pairs: [(Bitmap, Bitmap)], total: Int) {
    func run(_ o: ImageComparison) -> (ms: Double, cpu: Double, diff: Int, aa: Int) {
        var aa = 0
        let t = time {
            var n = 0
            aa = 0
            for i in 0..<total {
                let (a, b) = pairs[i % pairs.count]
                let r = compare(a, b, o)
                n += r.differingPixelCount
                aa += r.antiAliasedPixelCount
            }
            return n
        }
        return (t.ms, t.cpu, t.value, aa)
    }
    let exact = run(.exact)
    let yiq = run(threshold)
    let aaOn = run(ImageComparison.pixelmatch(threshold: 0.1, includeAA: true))
    let white = run(whiteBG)
    print([name, "exact_ms=\(exact.ms)", "exact_cpu_ms=\(exact.cpu)", "exact_n=\(exact.diff)",
           "yiq_ms=\(yiq.ms)", "yiq_cpu_ms=\(yiq.cpu)", "yiq_n=\(yiq.diff)", "yiq_aa=\(yiq.aa)",
           "yiqaa_ms=\(aaOn.ms)", "yiqaa_n=\(aaOn.diff)",
           "white_n=\(white.diff)", "white_aa=\(white.aa)"].joined(separator: "\t"))
}

// Profiling: `DiffBenchmark repeat <compare|includeAA|exact|decode|decode+compare> <w> <h> <a.rgba> <b.rgba> <n>` runs
// one case n times (for `perf record`/`perf stat`) and prints its best CPU and wall time; the .png files beside the
// .rgba ones are decoded for the decode cases.
if CommandLine.arguments.count == 8, CommandLine.arguments[1] == "repeat",
   let w = Int(CommandLine.arguments[3]), let h = Int(CommandLine.arguments[4]), let n = Int(CommandLine.arguments[7]) {
    let mode = CommandLine.arguments[2], pa = CommandLine.arguments[5], pb = CommandLine.arguments[6]
    let a = load(pa, w, h), b = load(pb, w, h)
    let png = (pa.replacingOccurrences(of: ".rgba", with: ".png"), pb.replacingOccurrences(of: ".rgba", with: ".png"))
    var best = (Double.infinity, Double.infinity)
    var value = 0
    for _ in 0..<max(1, n) {
        let w0 = milliseconds(CLOCK_MONOTONIC), c0 = milliseconds(CLOCK_PROCESS_CPUTIME_ID)
        switch mode {
        case "exact": value = compare(a, b, .exact).differingPixelCount
        case "includeAA": value = compare(a, b, .pixelmatch(threshold: 0.1, includeAA: true)).differingPixelCount
        case "decode": value = ((try? PNGCodec.decode(contentsOf: png.0))?.width ?? -1) + ((try? PNGCodec.decode(contentsOf: png.1))?.width ?? -1)
        case "decode+compare":
            guard let x = try? PNGCodec.decode(contentsOf: png.0), let y = try? PNGCodec.decode(contentsOf: png.1) else { exit(2) }
            value = compare(x, y, threshold).differingPixelCount
        default: value = compare(a, b, threshold).differingPixelCount
        }
        best = (min(best.0, milliseconds(CLOCK_PROCESS_CPUTIME_ID) - c0), min(best.1, milliseconds(CLOCK_MONOTONIC) - w0))
    }
    print("\(mode)\tcpu_ms=\(best.0)\twall_ms=\(best.1)\tvalue=\(value)")
    exit(0)
}
guard CommandLine.arguments.count == 2,
      let manifest = try? String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8) else {
    FileHandle.standardError.write("usage: DiffBenchmark <manifest.txt> (written by Benchmarks/bench.py)\n".data(using: .utf8)!)
    exit(2)
}
for line in manifest.split(separator: "\n") {
    let f = line.split(separator: " ").map(String.init)
    guard f.count >= 6, let w = Int(f[2]), let h = Int(f[3]) else { continue }
    if f[0] == "pair" {
        report(f[1], pairs: [(load(f[4], w, h), load(f[5], w, h))], total: 1)
        // The same pair as PNG files next to the raw ones: decode both, then compare (threshold 0.1, AA).
        let pa = f[4].replacingOccurrences(of: ".rgba", with: ".png"), pb = f[5].replacingOccurrences(of: ".rgba", with: ".png")
        if FileManager.default.fileExists(atPath: pa), FileManager.default.fileExists(atPath: pb) {
            let t = time {
                guard let a = try? PNGCodec.decode(contentsOf: pa), let b = try? PNGCodec.decode(contentsOf: pb) else { return -1 }
                return compare(a, b, threshold).differingPixelCount
            }
            print([f[1] + "_png", "png_ms=\(t.ms)", "png_cpu_ms=\(t.cpu)", "png_n=\(t.value)"].joined(separator: "\t"))
        }
    } else if f[0] == "batch", f.count == 7, let distinct = Int(f[4]), let total = Int(f[5]) {
        let pairs = (0..<distinct).map { (load("\(f[6])\($0)_a.rgba", w, h), load("\(f[6])\($0)_b.rgba", w, h)) }
        report(f[1], pairs: pairs, total: total)
    }
}
