#!/usr/bin/env bash
# `make demo`: render the seed labels into demo/ with labelsnap, then run one assertion round trip.
set -euo pipefail
bin="$1"
cd "$(dirname "$0")/.."
mkdir -p demo
echo "== Korean seed, insets 8,16,8,16 @2x"
"$bin/labelsnap" render "않이 패딩이 왜 없어..?" --insets 8,16,8,16 --scale 2 \
    --background '#FFE6C8' --corner-radius 8 -o demo/korean.png
echo
echo "== English seed, multi-line, 200 pt wide @2x"
"$bin/labelsnap" render "UILabel With Padding: the text keeps its insets and wraps inside them, never cut off" \
    --insets 8,16,8,16 --width 200 --lines 0 --scale 2 --background '#DCEBFF' -o demo/english.png
echo
"$bin/labelsnap" render "UILabel With Padding" --insets 8,16,8,16 --width 200 --lines 0 --scale 2 --json
echo
"$bin/labelsnap" diff demo/korean.png demo/korean.png --json
echo
"$bin/RoundTripDemo"
echo
echo "Open demo/korean.png, demo/english.png and demo/roundtrip/.build/snapshot-artifacts/ to look at the results."
(cd demo/roundtrip && "$bin/labelsnap" review --list && "$bin/labelsnap" report -o ../report.html)
echo "The HTML report of the failed step is demo/report.html."
