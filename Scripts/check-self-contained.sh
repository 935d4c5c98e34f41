#!/bin/sh
# Fails when a tracked text file refers to a path outside the repository: a sibling folder
# (../shared, the test data's old home) or this build machine's workspace (/work/...). The
# repository must stand alone: a fresh clone with no other folder builds and tests.
# Precise on purpose: /work/ counts only at the start of a path (not inside /home/runner/work/),
# and binary files (PngSuite, reference images) are skipped.
set -eu
cd "$(dirname "$0")/.."
PATTERN='\.\./shared([/"'"'"' ]|$)|(^|[[:space:]"'"'"'=(:`])/work/'
if git ls-files -z -- ':!Scripts/check-self-contained.sh' | xargs -0 grep -s -d skip -InE "$PATTERN"; then
    echo "error: the files above refer to paths outside the repository; keep what the project needs inside it" >&2
    exit 1
fi
# A tracked symbolic link must point inside the repository too (a link to a sibling folder is a path outside).
root="$(pwd -P)"
git ls-files -s | awk '$1 == "120000" { sub(/^[^\t]*\t/, ""); print }' | while IFS= read -r link; do
    target="$(cd "$(dirname "$link")" && realpath -m "$(readlink "$(basename "$link")")")"
    case "$target/" in
        "$root"/*) ;;
        *) echo "error: $link points outside the repository ($target)" >&2; exit 1 ;;
    esac
done
echo "self-contained: no tracked file refers to ../shared or /work/, no link points outside"
