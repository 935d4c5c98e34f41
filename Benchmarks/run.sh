#!/usr/bin/env bash
# `make bench`: builds the benchmarks in release and the debug client package, installs the peers when missing
# (Pillow, pixelmatch, blazediff and pyoxipng from PyPI into Benchmarks/.venv; optipng and ImageMagick come
# from the Makefile's BENCH_APT_PACKAGES), and prints one table: every performance target beside its peer.
# The tables also go to .build/bench-output.md, from which Benchmarks/update-readme.py rewrites docs/performance.md's
# marked performance section (LABELSNAP_BENCH_README=0 leaves it alone).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
cd "$root"
load_start="$(cut -d' ' -f1 /proc/loadavg)"

peers="pillow pixelmatch blazediff pyoxipng"
if [ ! -x "$here/.venv/bin/python" ]; then python3 -m venv "$here/.venv"; fi
if ! "$here/.venv/bin/python" -c "import PIL, pixelmatch, blazediff, oxipng" 2>/dev/null; then
  "$here/.venv/bin/pip" install -q $peers
fi

swift build -c release --product DiffBenchmark >&2
swift build -c release --product LabelBenchmark >&2
bin="$(swift build -c release --show-bin-path)"

# The passing assertion as a user's debug test build compiles it: a client package depending on this checkout.
client="$here/DebugClient"
result="$root/.build/bench-client-result.txt"
rm -f "$result" "$result.layout" "$result.rich"
if (cd "$client" && swift build --build-tests >&2 && BENCH_CLIENT_RESULT="$result" swift test --skip-build >&2); then :; else
  echo "run.sh: the debug client package failed; its row is left out" >&2
fi

mkdir -p "$here/results" "$root/.build"
output="$root/.build/bench-output.md"
"$here/.venv/bin/python" "$here/bench.py" "$bin" "$here/results" "$result" | tee "$output"

swift build -c release --product SweepBenchmark >&2
{
  echo
  echo "Localization sweep (10,000 strings × 30 locales, every core):"
  echo
  "$bin/SweepBenchmark"
} | tee -a "$output"

swift build -c release --product AuditBenchmark >&2
{
  echo
  echo "Accessibility audit of 48 cells beside recording them:"
  echo
  "$bin/AuditBenchmark"
} | tee -a "$output"

swift build -c release --product UIKitBenchmark >&2
{
  echo
  echo "A UILabel subclass's passing snapshot beside the same PaddedLabel's, release, then a client's debug build:"
  echo
  "$bin/UIKitBenchmark"
  echo
} | tee -a "$output"
(cd "$here/UIKitDebugClient" && swift build >&2 && "$(swift build --show-bin-path)/UIKitBenchmark" 100) | tee -a "$output" \
  || echo "run.sh: the UIKit debug client failed; its rows are left out" >&2

swift build -c release --product MatrixBenchmark >&2
{
  echo
  echo "Matrix (3 widths × 3 scales × 12 categories × 2 directions × 2 appearances), release, then a client's debug build:"
  echo
  "$bin/MatrixBenchmark"
  echo
} | tee -a "$output"
(cd "$here/MatrixDebugClient" && swift build >&2 && "$(swift build --show-bin-path)/MatrixBenchmark") | tee -a "$output" \
  || echo "run.sh: the matrix debug client failed; its rows are left out" >&2

if [ "${LABELSNAP_BENCH_README:-1}" != 0 ]; then
  python3 "$here/update-readme.py" "$output" "$root/docs/performance.md" "$(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- Sources Benchmarks Package.swift || echo ' with local changes')" \
    "$load_start" "$(cut -d' ' -f1 /proc/loadavg)"
fi
