#!/usr/bin/env bash
# Scripts/symbol-graph.sh MODULE DIR [OPTION…]: MODULE's public symbol graph from the debug build's modules (build first;
# LABELSNAP_BIN_PATH names the build folder without asking `swift build`, which waits while a build or test runs),
# as swift-symbolgraph-extract reads them: the C targets' generated module maps, the system libraries' maps
# (Sources/C*/module.modulemap) and their pkg-config include paths. Further options go to swift-symbolgraph-extract
# (Scripts/public-api.sh adds the re-exported modules).
set -euo pipefail
cd "$(dirname "$0")/.."
module="$1" dir="$2"
shift 2
bin="${LABELSNAP_BIN_PATH:-$(swift build --show-bin-path)}"
args=(-module-name "$module" -I "$bin/Modules" -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public
      -output-dir "$dir")
for map in "$bin"/C*.build/module.modulemap; do
    case "$map" in *-tool.build/*) continue ;; esac
    args+=(-Xcc "-fmodule-map-file=$map")
done
for map in Sources/C*/module.modulemap; do args+=(-Xcc "-fmodule-map-file=$map"); done
for d in Sources/C*/include; do args+=(-Xcc "-I$d"); done
for flag in $(pkg-config --cflags-only-I freetype2 harfbuzz libpng fontconfig libcrypto libxxhash); do args+=(-Xcc "$flag"); done
swift symbolgraph-extract "${args[@]}" "$@"
