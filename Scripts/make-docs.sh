#!/usr/bin/env bash
# `make docs`: the DocC site of LabelSnapshotTesting in .build/docs (no swift-docc-plugin: the toolchain's own
# tools). Builds the library, extracts its public symbol graph from the built modules (swift-symbolgraph-extract,
# with the C modules' maps and the system libraries' include paths the build used), then `docc convert`s the
# catalog with it. Any docc diagnostic fails the build: a warning in the catalog, or in the sources' doc comments
# a broken link, an unknown symbol, or a parameter of a documented function with no `- Parameter`/`- Parameters:`
# entry (or one documented under a name the declaration does not have). Before that, every ```swift block of README.md
# and of the catalog must compile against the library (Scripts/check-samples.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target LabelSnapshotTesting 2>&1 | grep -E 'error|warning:' && exit 1
bin="$(swift build --show-bin-path)"
# The Swift samples of README.md and of the catalog compile against what was just built.
LABELSNAP_BIN_PATH="$bin" Scripts/check-samples.sh
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
import json, sys
bad = []
for d in json.load(open(sys.argv[1]))["diagnostics"]:
    start = (d.get("range") or {}).get("start", {})
    bad.append(f"{(d.get('source') or '').removeprefix('file://')}:{start.get('line', '?')}: {d['severity']}: {d['summary']}")
for line in bad: print(line)
sys.exit(1 if bad else 0)
PY
echo "docs: $out (open $out/index.html through a web server, or docc preview)"
