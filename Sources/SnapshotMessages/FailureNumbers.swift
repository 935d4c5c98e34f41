import Imaging
import SnapshotStore

/// The numbers of a failure record as people read them, one format for every view (`review`, the
/// interactive review, the report); percentages are the failure message's (`ImageDifference.percentText`).
extension FailureText {
    /// A short reading of the failure kind.
    package static func kind(_ kind: SnapshotFailureKind) -> String {
        switch kind {
        case .mismatch: return "mismatch"
        case .missingReference: return "missing reference"
        case .corruptReference: return "corrupt reference"
        case .unreadableReference: return "unreadable reference"
        case .recorded: return "recorded"
        case .configuration: return "configuration"
        case .writeFailed: return "write failed"
        case .valueFailed: return "value failed"
        }
    }

    /// `37 of 4800 px differ (0.771%)`; `12 of 27864 aligned px differ (…)` when the size changed (the
    /// reference placed where its content went, as the failure message counts); nil without pixel numbers.
    package static func differing(_ r: SnapshotFailureRecord) -> String? {
        guard let d = r.intMetric("differingPixels") else { return nil }
        var s = "\(d)"
        if let c = r.intMetric("comparedPixels") { s += " of \(c)" }
        if let a = r.sizeMetric("actualSize"), let b = r.sizeMetric("referenceSize"), a != b { s += " aligned" }
        s += " px differ"
        if let ratio = r.doubleMetric("differingRatio") { s += " (\(ImageDifference.percentText(ratio)))" }
        return s
    }

    /// `120×40 → 124×40 px (right edge +4)`, `120×40 px (same)`, or nil without size numbers.
    package static func sizeChange(_ r: SnapshotFailureRecord) -> String? {
        guard let a = r.sizeMetric("actualSize") else { return nil }
        guard let ref = r.sizeMetric("referenceSize") else { return "\(a.0)×\(a.1) px (actual)" }
        if ref == a { return "\(a.0)×\(a.1) px (same)" }
        var edges: [String] = []
        let right = r.intMetric("rightEdgeMoved") ?? (a.0 - ref.0)
        let bottom = r.intMetric("bottomEdgeMoved") ?? (a.1 - ref.1)
        if let left = r.intMetric("leftEdgeMoved"), left != 0 { edges.append("left edge \(left > 0 ? "+" : "")\(left)") }
        if let top = r.intMetric("topEdgeMoved"), top != 0 { edges.append("top edge \(top > 0 ? "+" : "")\(top)") }
        if right != 0 { edges.append("right edge \(right > 0 ? "+" : "")\(right)") }
        if bottom != 0 { edges.append("bottom edge \(bottom > 0 ? "+" : "")\(bottom)") }
        return "\(ref.0)×\(ref.1) → \(a.0)×\(a.1) px" + (edges.isEmpty ? "" : " (\(edges.joined(separator: ", ")))")
    }

    /// `3 removed, 1 added (reference 12 lines, actual 10); first at line 4`, for text failures; `…; no line differs`
    /// when only line endings do.
    package static func lineChange(_ r: SnapshotFailureRecord) -> String? {
        guard let removed = r.intMetric("removedLines"), let added = r.intMetric("addedLines") else { return nil }
        var s = "\(removed) removed, \(added) added"
        if let a = r.intMetric("referenceLines"), let b = r.intMetric("actualLines") { s += " (reference \(a) lines, actual \(b))" }
        if let first = r.intMetric("firstDifferenceLine") { s += "; first at line \(first)" }
        else if removed + added == 0 { s += "; no line differs" }
        return s
    }

    /// `120×40 px, 812 bytes` for PNG bytes, `812 bytes` otherwise.
    package static func describeFile(_ bytes: [UInt8], path: String) -> String {
        if path.hasSuffix(".png"), let b = try? PNGCodec.decode(bytes) { return "\(b.width)×\(b.height) px, \(bytes.count) bytes" }
        return "\(bytes.count) bytes"
    }

    /// The labelled rows shown for a failure, in order: differing pixels, size, largest Δ, changed
    /// box, lines (text), else the summary; tolerance. Shared by `review`, the interactive review and the report.
    package static func rows(_ r: SnapshotFailureRecord) -> [(label: String, value: String)] {
        var rows: [(String, String)] = []
        if let d = differing(r) { rows.append(("differing", d)) }
        if let s = sizeChange(r) { rows.append(("size", s)) }
        else if let a = r.actualDescription { rows.append(("actual", a)) }
        if let delta = r.intMetric("largestChannelDelta") { rows.append(("largest Δ", "\(delta) of 255")) }
        if let box = r.sizeOfBox { rows.append(("changed box", box)) }
        if let lines = lineChange(r) { rows.append(("lines", lines)) }
        if differing(r) == nil, lineChange(r) == nil, !r.summary.isEmpty { rows.append(("summary", r.summary.joined(separator: "; "))) }
        rows.append(("tolerance", r.tolerance))
        return rows
    }
}

extension SnapshotFailureRecord {
    package func intMetric(_ key: String) -> Int? {
        if case .int(let v)? = metrics[key] { return v }
        return nil
    }
    package func doubleMetric(_ key: String) -> Double? {
        switch metrics[key] {
        case .double(let v)?: return v
        case .int(let v)?: return Double(v)
        default: return nil
        }
    }
    package func sizeMetric(_ key: String) -> (Int, Int)? {
        if case .ints(let v)? = metrics[key], v.count == 2 { return (v[0], v[1]) }
        return nil
    }
    /// `(10, 5, 32×16)` from `boundingBox`, the way the failure message writes a changed area.
    package var sizeOfBox: String? {
        guard case .ints(let v)? = metrics["boundingBox"], v.count == 4 else { return nil }
        return "(\(v[0]), \(v[1]), \(v[2])×\(v[3]))"
    }
}
