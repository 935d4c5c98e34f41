#!/bin/sh
# Fails when a tracked text file refers to a path outside the repository: a sibling folder
# (../shared, the test data's old home) or this build machine's workspace (/work/...). The
# repository must stand alone: a fresh clone with no other folder builds and tests.
# Precise on purpose: /work/ counts only at the start of a path (not inside /home/runner/work/),
# and binary files (PngSuite, reference images) are skipped.
set -eu
cd "$(dirname "$0")/.."
PATTERN='\.\./shared([/"'"'"' ]|$)|(^|[[:space:]"'"'"'=(:`])/work/'
if git ls-files -z -- ':!Scripts/check-self-contained.sh' | xargs -0 grep -InE "$PATTERN"; then
    echo "error: the files above refer to paths outside the repository; keep what the project needs inside it" >&2
    exit 1
fi
echo "self-contained: no tracked file refers to ../shared or /work/"
