#!/usr/bin/env bash
# Instructions per operation under valgrind's callgrind (apt valgrind, in the Makefile's BENCH_APT_PACKAGES): a
# count the machine's load does not change, for comparing two commits. Each operation of InstructionCounts runs
# twice, LOW and HIGH times; the difference of the two runs' instruction counts over HIGH - LOW is one operation
# (start-up, font opening and the first fill of the caches cancel out). The release build of this package first,
# then the same source in Benchmarks/DebugClient, which compiles the library unoptimised as a client's tests do.
# Usage: Benchmarks/callgrind.sh [release|debug]...   (both when none is given)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
command -v valgrind >/dev/null || { echo "callgrind.sh: valgrind is missing (make deps for the bench: apt-get install valgrind)" >&2; exit 2; }
builds=("$@")
[ ${#builds[@]} -gt 0 ] || builds=(release debug)

# Instructions of one run: callgrind's "Collected" line.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/^==[0-9]*== Collected : //p'
}

for build in "${builds[@]}"; do
  case "$build" in
    release) (cd "$root" && swift build -c release --product InstructionCounts >&2)
             bin="$(cd "$root" && swift build -c release --show-bin-path)/InstructionCounts" ;;
    debug) (cd "$here/DebugClient" && swift build --product InstructionCounts >&2)
           bin="$(cd "$here/DebugClient" && swift build --show-bin-path)/InstructionCounts" ;;
    *) echo "callgrind.sh: unknown build $build (release or debug)" >&2; exit 2 ;;
  esac
  # valgrind 3.19 gives up on the DWARF of Swift's objects ("Possibly corrupted debuginfo file"): a copy without
  # it runs the same instructions (the symbol table stays, for callgrind_annotate).
  stripped="$(mktemp)"
  trap 'rm -f "$stripped"' EXIT
  objcopy --strip-debug "$bin" "$stripped"
  bin="$stripped"
  # operation, LOW, HIGH, what it is
  while read -r op low high title; do
    a="$(instructions "$bin" "$op" "$low")"
    b="$(instructions "$bin" "$op" "$high")"
    [ -n "$a" ] && [ -n "$b" ] || { echo "callgrind.sh: $bin $op failed under valgrind" >&2; exit 1; }
    python3 -c "import sys; n = ($b - $a) / ($high - $low); print(f'{sys.argv[1]:8} {sys.argv[2]:45} ' + (f'{n / 1e6:.2f} M' if n >= 1e7 else f'{n / 1e3:.1f} k'))" \
      "$build" "$title"
  done <<'OPS'
words1000 2 6 1,000-word layout (makeLayout)
korean 50 150 Korean badge layout + render
rich 2 6 1,000 words, a run every ten (makeLayout)
OPS
done
