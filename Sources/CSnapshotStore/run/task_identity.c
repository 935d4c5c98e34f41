/* The identity of the Swift task that is running (see CSnapshotRun.h, lsr_current_task_id). */
#include "CSnapshotRun.h"

/* Entry points of the Swift concurrency runtime (libswift_Concurrency), which a test bundle always
 * loads. They are declared weak: where a runtime lacks one, the address is NULL and the caller falls
 * back to "unknown" instead of failing to load. Both use the Swift calling convention. */
extern void *swift_task_getCurrent(void) __attribute__((weak, swiftcall));
extern uint64_t swift_task_getJobTaskId(void *job) __attribute__((weak, swiftcall));
extern uint32_t swift_task_getJobFlags(void *job) __attribute__((weak, swiftcall));

uint64_t lsr_current_task_id(void) {
    if (!swift_task_getCurrent || !swift_task_getJobTaskId) return 0;
    void *task = swift_task_getCurrent();
    return task ? swift_task_getJobTaskId(task) : 0;
}

/* Bit 26 of a task's job flags is the runtime's Task_IsGroupChildTask (swift/ABI/MetadataValues.h: 24 child,
 * 25 future, 26 group child, 28 async let); measured with Swift 6.3: set in a withTaskGroup or
 * withDiscardingTaskGroup child only, not in async let, Task {}, Task.detached nor a test's own task. */
int lsr_current_task_is_group_child(void) {
    if (!swift_task_getCurrent || !swift_task_getJobFlags) return 0;
    void *task = swift_task_getCurrent();
    return task ? (swift_task_getJobFlags(task) >> 26) & 1 : 0;
}
