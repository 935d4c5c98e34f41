#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// The terminal of an interactive command: raw keys (no echo, no line buffering, Ctrl-C read as a
/// key so the terminal is always restored), its size, and whether it draws 24-bit colour.
final class InteractiveTerminal {
    private var saved = termios()
    /// Whether the terminal draws 24-bit colour (`COLORTERM=truecolor|24bit`, the de-facto signal) and
    /// colour is allowed (`--color`, `NO_COLOR`): previews need it, the rest is plain text without.
    let truecolor: Bool
    let style: TerminalStyle

    /// A terminal when standard input and output both are one (and `TERM` is not `dumb`), else nil:
    /// pipes, files and CI logs get the plain list.
    static func open(environment: [String: String] = commandEnvironment) -> InteractiveTerminal? {
        guard isatty(0) == 1, isatty(1) == 1, environment["TERM"] != "dumb" else { return nil }
        return InteractiveTerminal(environment: environment)
    }

    private init?(environment: [String: String]) {
        style = TerminalStyle.out
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        truecolor = style.enabled && (colorterm.contains("truecolor") || colorterm.contains("24bit"))
        guard tcgetattr(0, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(0, TCSAFLUSH, &raw) == 0 else { return nil }
        write("\u{1B}[?1049h\u{1B}[?25l")  // alternate screen, cursor hidden
    }

    /// Leaves the alternate screen and restores the terminal's modes.
    func close() {
        write("\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(0, TCSAFLUSH, &saved)
    }

    /// Columns and rows (80×24 when the terminal does not say).
    var size: (columns: Int, rows: Int) {
        var w = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &w) == 0, w.ws_col > 0, w.ws_row > 0 else { return (80, 24) }
        return (Int(w.ws_col), Int(w.ws_row))
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }

    /// Clears the screen and draws `lines` from the top.
    func draw(_ lines: [String]) {
        write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
    }

    enum Key: Equatable { case character(Character), left, right, escape, interrupt, end }

    /// The next key press (blocking). Arrow keys arrive as `ESC [ C` / `ESC [ D` in one read.
    func readKey() -> Key {
        var buffer = [UInt8](repeating: 0, count: 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return .end }
            let bytes = Array(buffer[0..<n])
            switch bytes {
            case [0x03], [0x04]: return .interrupt
            case [0x1B]: return .escape
            case [0x1B, 0x5B, 0x43], [0x1B, 0x4F, 0x43]: return .right
            case [0x1B, 0x5B, 0x44], [0x1B, 0x4F, 0x44]: return .left
            case [0x09]: return .right
            default:
                if bytes.first == 0x1B { continue }  // another escape sequence: ignore
                let text = String(decoding: bytes, as: UTF8.self)
                if let c = text.first { return .character(Character(c.lowercased())) }
            }
        }
    }
}
