#!/bin/sh
# Fuzzes PNGCodec.decode (Imaging) with libFuzzer + AddressSanitizer.
#   Scripts/fuzz-png-decode.sh [seconds (default 600; 0 = build only, as .ci/run does)] [extra libFuzzer flags...]
# Seeds: PngSuite (Tests/ImagingTests/Fixtures/pngsuite or $PNGSUITE_DIR). Corpus and crashes go to
# .build/fuzz-png/ (crash-* files there are reproducers: run the binary with the file as argument;
# commit them as regression inputs to Tests/ImagingTests).
set -eu
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-600}
[ $# -gt 0 ] && shift
SUITE=${PNGSUITE_DIR:-Tests/ImagingTests/Fixtures/pngsuite}
OUT=.build/fuzz-png
SWIFT_BIN=$(dirname "$(command -v swiftc)")
CLANG=${CLANG:-$SWIFT_BIN/clang}
mkdir -p "$OUT/src" "$OUT/module" "$OUT/corpus" "$OUT/crashes"

# One module from Imaging (PNGCodec's), the Swift targets it depends on and the fuzz entry (the imports of those
# targets dropped). Keep TARGETS in step with Imaging's dependencies in Package.swift; the system-library module maps
# (Sources/C*/module.modulemap, e.g. CCrypto for Support's digests) are found with -I below.
TARGETS="Support Imaging"
rm -f "$OUT"/src/*.swift
drop=$(for t in $TARGETS; do printf '/^import %s$/d;' "$t"; done)
for f in $(for t in $TARGETS; do find Sources/$t -name '*.swift' | sort; done) Scripts/fuzz/PNGDecodeFuzzer.swift; do
    sed "$drop" "$f" > "$OUT/src/$(echo "${f#Sources/}" | tr / -)"  # folder in the name: each module has a Module.swift
done
SYSTEM_MODULES=$(for m in Sources/C*/module.modulemap; do printf -- '-I %s ' "$(dirname "$m")"; done)
# The C targets of those Swift targets (Package.swift; keep in step).
. Scripts/fuzz-c-targets.sh
rm -f "$OUT"/*.o
C_MODULES=$(fuzz_c_targets "$OUT" CImaging)
# shellcheck disable=SC2086  # SYSTEM_MODULES is a list of flags
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name PNGFuzz -package-name LabelSnapshot $C_MODULES $SYSTEM_MODULES \
    "$OUT"/src/*.swift "$OUT"/*.o -lpng16 -lz -ldeflate -o "$OUT/fuzz-png-decode"

[ "$SECONDS_TO_RUN" = 0 ] && { echo "built $OUT/fuzz-png-decode"; exit 0; }
"$OUT/fuzz-png-decode" -max_total_time="$SECONDS_TO_RUN" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$OUT/crashes/" -print_final_stats=1 "$@" "$OUT/corpus" "$SUITE"
