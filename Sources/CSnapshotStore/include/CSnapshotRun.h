#ifndef CSNAPSHOTRUN_H
#define CSNAPSHOTRUN_H
#include <stdint.h>
/* The start and the end of a test process, for the manifest of the references a run used
 * (SnapshotRunManifest.swift, docs/snapshots.md "Orphans"). A constructor runs when a SwiftPM test bundle
 * (argv[0] ends in ".xctest") loads the library, before any test: it notes the process and its run,
 * creates the process's manifest in <package root>/.build/snapshot-artifacts (or $SNAPSHOT_ARTIFACTS)
 * when the working folder is a package, and registers an on_exit handler that appends "exit <status>"
 * to every manifest the process opened. A process that crashes or is killed never writes that line,
 * and one that has not loaded yet cannot be missed: its manifest exists from the start.
 * Plain C types only. */
#ifdef __cplusplus
extern "C" {
#endif

/* "<pid>-<start time in clock ticks>" of this process; NULL outside a SwiftPM test bundle. */
const char *lsr_process_id(void);

/* The run this process belongs to: "id-<LABELSNAP_RUN_ID, sanitised>", else "<pid>-<start>" of the
 * parent when it is SwiftPM (swift-test, swift-build), else the process's own id. NULL outside a
 * SwiftPM test bundle. */
const char *lsr_run_id(void);

/* Opens (creating it with its header when missing, parents included) the manifest file at `path` for
 * appending, and registers it for the exit line. Returns a file descriptor, or -1 with errno set.
 * Thread-safe; the caller keeps the descriptor open for the life of the process. */
int lsr_manifest_open(const char *path);

/* Appends `line` (no newline; tabs, newlines and backslashes escaped by the caller) to every manifest this
 * process has open, and to each one it opens later, right after its header. Thread-safe; does nothing
 * outside a SwiftPM test bundle. Used for what is not a reference use: a test skipped in the run. */
void lsr_manifest_note(const char *line);

/* The Swift runtime's identity of the task running the caller: a number the runtime gives each task
 * from a process-wide counter, so a task that starts after another one ended never has its number
 * (task addresses are reused: measured, a test repeated by `--repetitions` ran in the same address
 * each time). 0 outside a task, or when the runtime does not export the entry points. Under Swift
 * Testing it tells one run of a test from the next (RunningTest.swift). */
uint64_t lsr_current_task_id(void);

/* 1 when the task running the caller is a child of a task group (withTaskGroup, withThrowingTaskGroup,
 * withDiscardingTaskGroup): its siblings run at the same time, so the order of what they do is not known.
 * 0 otherwise, outside a task, or when the runtime does not export the entry points. */
int lsr_current_task_is_group_child(void);

#ifdef __cplusplus
}
#endif
#endif
