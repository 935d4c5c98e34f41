#!/usr/bin/env bash
# Diff benchmark: ours (release build) vs pixelmatch (PyPI) vs ImageMagick `compare -metric AE`.
# Prints one table. Needs python3 (venv made here, git-ignored) and ImageMagick (`make deps` / apt imagemagick).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
cd "$root"

command -v compare >/dev/null || { echo "run.sh: ImageMagick's 'compare' is missing: apt-get install imagemagick" >&2; exit 2; }
if [ ! -x "$here/.venv/bin/python" ]; then
  python3 -m venv "$here/.venv"
  "$here/.venv/bin/pip" install -q pixelmatch pillow
fi

swift build -c release --product DiffBenchmark >&2
bin="$(swift build -c release --show-bin-path)/DiffBenchmark"
"$here/.venv/bin/python" "$here/bench.py" "$bin" "$here/results/pairs"

echo
echo "Label benchmark (stages of an assertion):"
swift build -c release --product LabelBenchmark >&2
"$(swift build -c release --show-bin-path)/LabelBenchmark"

echo
echo "Localization sweep (10,000 strings × 30 locales, every core):"
swift build -c release --product SweepBenchmark >&2
"$(swift build -c release --show-bin-path)/SweepBenchmark"
