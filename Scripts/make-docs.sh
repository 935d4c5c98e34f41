#!/usr/bin/env bash
# `make docs`: the DocC site of LabelSnapshotTesting in .build/docs (no swift-docc-plugin: the toolchain's own
# tools). Builds the library, extracts its public symbol graph from the built modules (swift-symbolgraph-extract,
# with the C modules' maps and the system libraries' include paths the build used), then `docc convert`s the
# catalog with it. A docc warning in the catalog, or any but a parameter-documentation note in the sources' doc
# comments (a broken link, an unknown symbol), fails the build; the parameter notes are counted.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target LabelSnapshotTesting 2>&1 | grep -E 'error|warning:' && exit 1
bin="$(swift build --show-bin-path)"
graphs=.build/symbol-graphs
rm -rf "$graphs" && mkdir -p "$graphs"
Scripts/symbol-graph.sh LabelSnapshotTesting "$graphs"
out=.build/docs
rm -rf "$out"
log="$(docc convert Sources/LabelSnapshotTesting/LabelSnapshotTesting.docc \
    --additional-symbol-graph-dir "$graphs" --fallback-display-name LabelSnapshotTesting \
    --fallback-bundle-identifier labelsnapshot.LabelSnapshotTesting --output-path "$out" \
    --diagnostics-file .build/docs-diagnostics.json 2>&1)" || { echo "$log"; exit 1; }
python3 - .build/docs-diagnostics.json <<'PY'
import json, re, sys
parameter = re.compile(r"^(Parameter '.*' is missing documentation|Parameter '.*' not found in function declaration|External name '.*' used to document parameter)$")
bad, notes = [], 0
for d in json.load(open(sys.argv[1]))["diagnostics"]:
    source = d.get("source") or ""
    if ".docc/" in source or not parameter.match(d["summary"]):
        start = (d.get("range") or {}).get("start", {})
        bad.append(f"{source.removeprefix('file://')}:{start.get('line', '?')}: {d['severity']}: {d['summary']}")
    else:
        notes += 1
for line in bad: print(line)
if notes: print(f"docs: {notes} parameters without documentation in the sources' doc comments (docc convert lists them)")
sys.exit(1 if bad else 0)
PY
echo "docs: $out (open $out/index.html through a web server, or docc preview)"
