import Foundation
import LabelRendering
import Localization

// 10,000 strings × 30 locales (300,000 layouts) through the localization sweep, on every core (or
// `--workers N`). The strings are synthetic but shaped like an app's: 1–3 words per badge string, 1–8 per onboarding string, words drawn
// from each locale's script (Latin with accents, Cyrillic, Greek, Hangul, kana and Han, Arabic, Hebrew),
// a quarter of them with a format specifier, badge and multi-line styles by key.
let args = CommandLine.arguments
func option(_ name: String, _ fallback: Int) -> Int {
    if let i = args.firstIndex(of: name), i + 1 < args.count, let v = Int(args[i + 1]) { return v }
    return fallback
}
let keyCount = option("--keys", 10_000)
let workers = option("--workers", ProcessInfo.processInfo.activeProcessorCount)

let alphabets: [(String, String)] = [
    ("en", "abcdefghijklmnopqrstuvwxyz"), ("de", "abcdefghijklmnopqrstuvwxyzäöüß"), ("fr", "abcdefghijklmnopqrstuvwxyzéèàçô"),
    ("es", "abcdefghijklmnopqrstuvwxyzñáéíó"), ("it", "abcdefghilmnopqrstuvzàèìò"), ("pt-BR", "abcdefghijlmnopqrstuvxzãçõé"),
    ("nl", "abcdefghijklmnopqrstuvwxyzë"), ("sv", "abcdefghijklmnopqrstuvwxyzåäö"), ("da", "abcdefghijklmnopqrstuvwxyzæøå"),
    ("nb", "abcdefghijklmnopqrstuvwxyzæøå"), ("fi", "abcdefghijklmnopqrstuvyäö"), ("pl", "abcdefghijklmnoprstuwyząęłńóśźż"),
    ("cs", "abcdefghijklmnoprstuvyzáčďéěíňřšťúůýž"), ("hu", "abcdefghijklmnoprstuvzáéíóöőúüű"), ("tr", "abcdefghijklmnoprstuvyzçğıöşü"),
    ("ro", "abcdefghijlmnoprstuvxzăâîșț"), ("ru", "абвгдеёжзийклмнопрстуфхцчшщыьэюя"), ("uk", "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя"),
    ("el", "αβγδεζηθικλμνξοπρστυφχψω"), ("ko", "가나다라마바사아자차카타파하한국어"), ("ja", "あいうえおかきくけこさしすせそ日本語"),
    ("zh-Hans", "的一是不了人我在有他这中大来上国个到说们"), ("zh-Hant", "的一是不了人我在有他這中大來上國個到說們"),
    ("ar", "ابتثجحخدذرزسشصضطظعغفقكلمنهوي"), ("he", "אבגדהוזחטיכלמנסעפצקרשת"), ("vi", "abcdeghiklmnopqrstuvxyăâêôơư"),
    ("id", "abcdefghijklmnoprstuwy"), ("ms", "abcdefghijklmnoprstuwy"), ("th", "กขคงจฉชซญดตถทนบปผพฟมยรลวสหอ"),
    ("hi", "कखगघचछजझटठडढणतथदधनपफबभमयरलवशसह"),
]
struct Seeded: RandomNumberGenerator {   // reproducible strings from run to run
    var state: UInt64
    mutating func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state }
}
var rng = Seeded(state: 42)
var strings: [LocalizedString] = []
strings.reserveCapacity(keyCount * alphabets.count)
let cjk: Set<String> = ["ko", "ja", "zh-Hans", "zh-Hant"]
for (locale, letters) in alphabets {
    let chars = Array(letters)
    for k in 0..<keyCount {
        let words = Int.random(in: 1...(k % 10 == 0 ? 8 : 3), using: &rng)
        var text = (0..<words).map { _ in
            String((0..<Int.random(in: cjk.contains(locale) ? 1...3 : 2...10, using: &rng)).map { _ in chars.randomElement(using: &rng)! })
        }.joined(separator: cjk.contains(locale) ? "" : " ")
        if k % 4 == 0 { text += " %lld" }
        let key = (k % 10 == 0 ? "onboarding." : "badge.") + "key\(k)"
        strings.append(LocalizedString(key: key, locale: locale, format: text, state: .translated))
    }
}
let table = StringTable(sourceLanguage: "en", strings: strings)
var base = PaddedLabel("", font: .default(size: 15), insets: EdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
base.scale = 2
let style = LabelStyle(label: base, width: 160, overrides: [
    .init(keys: ["onboarding.*"]) { $0.width = 280; $0.label.numberOfLines = 2 },
])
/// CPU seconds of the process (user + system): on a shared machine the wall time also counts other work.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}
let sweep = Sweep(table: table, style: style, workers: workers)
let cpuAtStart = cpuSeconds()
let start = Date()
let result = try sweep.run()
let seconds = Date().timeIntervalSince(start)
func peakRSS() -> String {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    return status.split(separator: "\n").first { $0.hasPrefix("VmHWM") }.map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ") } ?? "?"
}
let cpu = cpuSeconds() - cpuAtStart
print("| strings | locales | layouts | workers | wall s | CPU s | CPU s ÷ workers | layouts/s (wall) | do not fit | peak RSS |")
print("|---|---|---|---|---|---|---|---|---|---|")
print("| \(keyCount) | \(alphabets.count) | \(result.checked) | \(workers) | \(String(format: "%.1f", seconds)) | \(String(format: "%.1f", cpu)) | \(String(format: "%.1f", cpu / Double(workers))) | \(Int(Double(result.checked) / seconds)) | \(result.failures.count) | \(peakRSS()) |")
