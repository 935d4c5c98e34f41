/* When a SwiftPM test bundle (argv[0] ends in ".xctest") loads, before XCTest runs its first case, calls
 * lsr_test_bundle_did_load if the bundle defines it: LabelSnapshotTesting installs its XCTest observer there,
 * so even the first case of a process is known by its class (and the re-record command selects exactly that
 * test). Not in the header: Swift defines the function (@_cdecl) and must not also import a declaration. */
#include <string.h>

/* Defined in Swift (@_cdecl) by LabelSnapshotTesting; weak, so a bundle without it links and skips the call. */
extern void lsr_test_bundle_did_load(void) __attribute__((weak));

__attribute__((constructor)) static void lsr_bundle_load(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc < 1 || !argv || !argv[0]) return;
    size_t length = strlen(argv[0]);
    if (length < 7 || strcmp(argv[0] + length - 7, ".xctest") != 0) return;
    if (lsr_test_bundle_did_load) lsr_test_bundle_did_load();
}
