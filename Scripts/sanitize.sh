#!/bin/sh
# Runs the concurrent tests under ThreadSanitizer and the whole suite under AddressSanitizer, each in
# its own scratch folder so that neither rebuilds the other's (or the normal) .build.
#   Scripts/sanitize.sh [thread|address|all (default)]
# Exit status: non-zero when a build, a test or a sanitizer report fails.
set -eu
cd "$(dirname "$0")/.."
WHAT=${1:-all}
# Let the sanitizers print their reports instead of the Swift backtracer; fail on the first report.
export SWIFT_BACKTRACE=enable=no
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1 second_deadlock_stack=1}"
# Leak detection is off: Swift multi-payload enums keep pointers with spare-bit tags that
# LeakSanitizer cannot follow (false reports from process-lived caches).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0 halt_on_error=1 strict_string_checks=1 detect_stack_use_after_return=1}"

# Tests that run work on many threads at once (XCTest and Swift Testing).
CONCURRENT='testCounterIsThreadSafe|testParallel|testConcurrent|testRenderingIsDeterministicAcrossThreads|testThousandLabelsFromEightTasks|parallelAssertionsAcrossTasks|ConcurrencyTests'

status=0
if [ "$WHAT" = thread ] || [ "$WHAT" = all ]; then
    echo "== ThreadSanitizer: $CONCURRENT"
    swift build --build-tests --sanitize=thread --scratch-path .build/sanitize-thread
    swift test --skip-build --sanitize=thread --scratch-path .build/sanitize-thread --filter "$CONCURRENT" || status=1
fi
if [ "$WHAT" = address ] || [ "$WHAT" = all ]; then
    echo "== AddressSanitizer: the whole suite"
    swift build --build-tests --sanitize=address --scratch-path .build/sanitize-address
    swift test --skip-build --sanitize=address --scratch-path .build/sanitize-address || status=1
fi
exit $status
