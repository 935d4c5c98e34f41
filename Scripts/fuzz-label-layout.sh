#!/bin/sh
# Fuzzes label layout + rendering (PaddedLabel.makeLayout, LabelRenderer.render) with libFuzzer +
# AddressSanitizer, from arbitrary bytes: a 12-byte header of numbers (line-break mode, alignment,
# lines, size, scale, width, height, insets, corner radius, font, with NaN/±inf/huge specials), then
# the text (see Fuzz/LabelLayoutFuzzer.swift).
#   Scripts/fuzz-label-layout.sh [seconds (default 600; 0 = build only, as .ci/run does)] [extra libFuzzer flags...]
# Leak detection is off: Swift multi-payload enums (GlyphImage.Pixels) keep array pointers with spare-bit
# tags that LeakSanitizer cannot follow, so the process-lived glyph cache reads as leaked.
# Seeds: Fuzz/label-layout-seeds. Corpus and crashes go to .build/fuzz-label/ (crash-*/timeout-*/oom-*
# files there are reproducers: run the binary with the file as argument; commit them as regression
# inputs to Tests/HardeningTests/Regressions).
set -eu
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-600}
[ $# -gt 0 ] && shift
OUT=.build/fuzz-label
SWIFT_BIN=$(dirname "$(command -v swiftc)")
CLANG=${CLANG:-$SWIFT_BIN/clang}
mkdir -p "$OUT/src" "$OUT/module" "$OUT/corpus" "$OUT/crashes"

# One module from the Swift targets below + the fuzz entry (their imports of each other dropped); the
# system-library module maps are used as they are.
rm -f "$OUT"/src/*.swift
# LabelRendering decodes attachment PNGs and draws into Bitmaps, so Imaging and what it imports come too; Typesetting
# keeps its caches in Support's lock box.
TARGETS="Support Imaging Typesetting LabelRendering"
drop=$(for t in $TARGETS; do printf '/^import %s$/d;' "$t"; done)
for f in $(for t in $TARGETS; do find Sources/$t -name '*.swift' | sort; done) Fuzz/LabelLayoutFuzzer.swift; do
    sed "$drop" "$f" > "$OUT/src/$(echo "${f#Sources/}" | tr / -)"
done

export SWIFT_BACKTRACE=enable=no  # let ASan/libFuzzer report crashes, not the Swift backtracer
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"  # also no leak check at exit (same false positive)
# The C targets of those Swift targets (Package.swift; keep in step). CICU's linkerSettings are the
# -licuuc -licui18n -licudata below.
. Scripts/fuzz-c-targets.sh
rm -f "$OUT"/*.o
C_MODULES=$(fuzz_c_targets "$OUT" CImaging CICU)
SYSTEM_MODULES=$(for m in Sources/C*/module.modulemap; do printf -- '-I %s ' "$(dirname "$m")"; done)
CFLAGS=$(pkg-config --cflags freetype2 harfbuzz fontconfig)
XCC=""
for flag in $CFLAGS; do XCC="$XCC -Xcc $flag"; done
# shellcheck disable=SC2086
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name LabelFuzz -package-name LabelSnapshot \
    $C_MODULES $SYSTEM_MODULES $XCC \
    "$OUT"/src/*.swift "$OUT"/*.o -lfreetype -lharfbuzz -lfontconfig -licuuc -licui18n -licudata -lpng16 -lz -ldeflate \
    -o "$OUT/fuzz-label-layout"

[ "$SECONDS_TO_RUN" = 0 ] && { echo "built $OUT/fuzz-label-layout"; exit 0; }
"$OUT/fuzz-label-layout" -max_total_time="$SECONDS_TO_RUN" -max_len=4096 -timeout=20 -rss_limit_mb=3072 -detect_leaks=0 \
    -artifact_prefix="$OUT/crashes/" -print_final_stats=1 "$@" "$OUT/corpus" Fuzz/label-layout-seeds Tests/HardeningTests/Regressions/label-layout
