#!/usr/bin/env bash
# Scripts/public-api.sh [--update]: checks that what `import LabelSnapshotTesting` exposes is the committed list,
# Tests/PublicAPI/LabelSnapshotTesting.txt (`make public-api` rewrites it; CI runs the check). The list is the
# module's public symbol graph with the modules it re-exports (its `@_exported import`s), synthesized members
# left out, one line per symbol: the module that declares it, the kind, the path and the declaration.
# Needs the debug build (`swift build`); LABELSNAP_BIN_PATH names its folder, as for Scripts/symbol-graph.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
list=Tests/PublicAPI/LabelSnapshotTesting.txt
exported="$(sed -n 's/^@_exported import \([A-Za-z_]*\)$/\1/p' Sources/LabelSnapshotTesting/*.swift | sort -u | paste -sd, -)"
graphs="$(mktemp -d)"
trap 'rm -rf "$graphs"' EXIT
Scripts/symbol-graph.sh LabelSnapshotTesting "$graphs" -skip-synthesized-members \
    -experimental-allowed-reexported-modules="$exported"
current="$graphs/public-api.txt"
python3 - "$graphs" >"$current" <<'PY'
import glob, json, re, sys
lines = set()
for path in glob.glob(sys.argv[1] + "/*.symbols.json"):
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        uri = symbol.get("location", {}).get("uri", "")
        module = uri.split("/Sources/", 1)[1].split("/", 1)[0] if "/Sources/" in uri else graph["module"]["name"]
        declaration = re.sub(r"\s+", " ", "".join(f["spelling"] for f in symbol["declarationFragments"])).strip()
        kind = symbol["kind"]["identifier"].removeprefix("swift.")
        lines.add(f"{module}  {kind}  {'.'.join(symbol['pathComponents'])}  {declaration}")
print("\n".join(sorted(lines)))
PY
if [ "${1:-}" = --update ]; then
    mkdir -p "$(dirname "$list")"
    cp "$current" "$list"
    echo "public API: $(wc -l <"$list") symbols written to $list"
    exit 0
fi
if ! diff -u "$list" "$current" >"$graphs/diff"; then
    cat "$graphs/diff"
    echo "error: the public API of LabelSnapshotTesting (what \`import LabelSnapshotTesting\` exposes) is not the" \
         "committed list $list (diff above: - committed, + built). If the change is intended (a public symbol added," \
         "changed or removed on purpose, and documented), run \`make public-api\` and commit the list; if not, make the declaration \`package\` or" \
         "internal (DESIGN.md, \"The public surface\")." >&2
    exit 1
fi
echo "public API: $(wc -l <"$list") symbols, as $list lists"
