#!/usr/bin/env bash
# Scripts/check-samples.sh (run by `make docs`, after the build): every ```swift block of README.md and of the DocC
# catalog compiles against the library as built, so a sample a reader copies is the API on main.
#
# The blocks are written into scratch files under .build/samples and type-checked with swiftc against the debug
# build's modules (the same search paths as Scripts/symbol-graph.sh). Each block keeps its own scope:
#   - a block that starts with `// swift-tools-version` or `.` is a package manifest or a piece of one: skipped, and so
#     is a block fenced ```swift skip-check (only for a module that is not on main yet: the README says so);
#   - its `import` lines go to the top of the file (`@testable` dropped; an import of a module neither this build nor
#     the toolchain has, the reader's app, is left out); `extension …` declarations at its top level stay at the top level;
#     other type declarations go into an `enum` of their own; top-level functions become methods of an `XCTestCase`
#     subclass of their own, and the remaining statements the body of one more method there, so they may call them;
#   - names a block uses without declaring them (a label called `badge`, `label` or `changed`, an icon `star`; in a
#     UIKit block the app's `PaddingLabel`) come from the preludes below, which a block's own declarations shadow.
# Each document's blocks are one scratch file, type-checked on its own, so two documents may show the same declaration;
# a document's blocks that import UIKit or UIKitSnapshotTesting are one more file, checked beside those modules.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${LABELSNAP_BIN_PATH:-$(swift build --show-bin-path)}"
out=.build/samples
rm -rf "$out" && mkdir -p "$out"
# The UIKit samples are checked beside the UIKit modules (Linux only): built first, so the list below has them.
if grep -q '"UIKitSnapshotTesting"' Package.swift; then
    swift build --target UIKitSnapshotTesting 2>&1 | grep -E 'error|warning:' && exit 1
fi
built="$(ls "$bin/Modules" | sed -n 's/\.swiftmodule$//p' | tr '\n' ' ')"
python3 - "$out" "$built" README.md Sources/LabelSnapshotTesting/LabelSnapshotTesting.docc/*.md <<'PY'
import re, sys
out, paths = sys.argv[1], sys.argv[3:]
# Modules a sample may import: this build's and the toolchain's. Any other (`@testable import AppLabels`, the reader's
# app) is dropped, and the names it would bring come from the preludes.
BUILT = set(sys.argv[2].split()) | {"Foundation", "XCTest", "Testing", "Dispatch", "Glibc", "Synchronization"}
PRELUDE = """import Foundation
import XCTest
import Testing
import LabelSnapshotTesting

// Names the samples use without declaring them.
let badge = PaddedLabel("3 new", insets: EdgeInsets(top: 3, left: 10, bottom: 3, right: 10))
let label = badge
let changed = badge
let star = try! Bitmap(width: 24, height: 24)
"""
# The UIKit samples' prelude: the app's own padded subclass, which README's sample snapshots.
UIKIT_PRELUDE = """import Foundation
import XCTest
import UIKit

class PaddingLabel: UILabel {}
"""
DECL = re.compile(r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|final|open)\s+)*(extension|struct|class|enum|actor|protocol|func)\b")
files = {}
for path in paths:
    text = open(path, encoding="utf-8").read()
    for number, match in enumerate(re.finditer(r"^```swift\n(.*?)^```", text, re.S | re.M), 1):
        block = match.group(1)
        line = text[:match.start()].count("\n") + 2
        first = block.lstrip().split("\n", 1)[0]
        if first.startswith("// swift-tools-version") or first.startswith("."):
            continue
        imports, extensions, types, funcs, statements = [], [], [], [], []
        current, depth = None, 0
        for source in block.split("\n"):
            if depth == 0:
                imported = re.match(r"^(?:@testable\s+)?import\s+(\w+)", source)
                if imported:
                    if imported.group(1) in BUILT:
                        imports.append(f"import {imported.group(1)}")
                    continue
                m = DECL.match(source)
                kind = m.group(1) if m else None
                current = {"extension": extensions, "func": funcs, None: statements}.get(kind, types)
            current.append(source)
            code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', source)   # brackets in strings and comments do not count
            code = re.sub(r"//.*", "", code)
            depth += sum(code.count(o) - code.count(c) for o, c in ("{}", "()", "[]"))
        name = re.sub(r"\W", "_", path.rsplit("/", 1)[-1].rsplit(".", 1)[0]) + f"_{number}"
        where = f"// {path}:{line}"
        body = [where, *extensions]
        if types:
            body += [f"enum {name}Types {{", *types, "}"]
        body += [f"final class {name}: XCTestCase {{", *funcs,
                 f"    func statements() async throws {{", *statements, "    }", "}", ""]
        kind = re.sub(r"\W", "_", path.rsplit("/", 1)[-1].rsplit(".", 1)[0])
        kind += "_UIKit" if {"import UIKit", "import UIKitSnapshotTesting"} & set(imports) else ""
        files.setdefault(kind, []).append((imports, body))
for kind, blocks in files.items():
    imports = sorted({i for b in blocks for i in b[0]})
    with open(f"{out}/{kind}.swift", "w", encoding="utf-8") as f:
        f.write((PRELUDE if not kind.endswith("_UIKit") else UIKIT_PRELUDE) + "\n".join(imports) + "\n\n")
        for _, body in blocks:
            f.write("\n".join(body) + "\n")
PY
args=(-typecheck -I "$bin/Modules" -module-name Samples)
for map in "$bin"/C*.build/module.modulemap; do
    case "$map" in *-tool.build/*) continue ;; esac
    args+=(-Xcc "-fmodule-map-file=$map")
done
for map in Sources/C*/module.modulemap; do args+=(-Xcc "-fmodule-map-file=$map"); done
for d in Sources/C*/include; do args+=(-Xcc "-I$d"); done
for flag in $(pkg-config --cflags-only-I freetype2 harfbuzz libpng fontconfig libcrypto libxxhash); do args+=(-Xcc "$flag"); done
status=0
for file in "$out"/*.swift; do
    if ! log="$(swiftc "${args[@]}" "$file" 2>&1)"; then
        echo "$log" | grep -E 'error:' | head -40
        echo "check-samples: a sample of README.md or the DocC catalog does not compile ($file names each block's source line)"
        status=1
    fi
done
[ "$status" = 0 ] && echo "check-samples: the Swift samples of README.md and the DocC catalog compile"
exit "$status"
