/// Text read from files this process did not write (failure records, catalogs, provenance chunks, file names) as it
/// is printed: every control character shown as a Swift escape (`\u{1B}`), so an escape sequence in a downloaded
/// record cannot move the cursor, retitle the window, hide the text after it or fake a line of output. Tab stays;
/// a line break too when `keepingLineBreaks` (a multi-line value printed as lines). Bidirectional overrides and
/// isolates (U+202A…202E, U+2066…2069) are escaped too: they reorder what follows on the line (CVE-2021-42574).
func untrusted(_ text: String, keepingLineBreaks: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { isUnsafe($0, keepingLineBreaks) }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        if isUnsafe(scalar, keepingLineBreaks) {
            out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}

private func isUnsafe(_ s: Unicode.Scalar, _ keepingLineBreaks: Bool) -> Bool {
    switch s.value {
    case 0x09: return false
    case 0x0A: return !keepingLineBreaks
    case 0x00...0x1F, 0x7F...0x9F: return true                       // C0, DEL, C1 (ECMA-48)
    case 0x202A...0x202E, 0x2066...0x2069: return true               // bidirectional embeddings, overrides, isolates
    default: return false
    }
}
