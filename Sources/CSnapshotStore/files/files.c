/* See include/CSnapshotFiles.h. */
#define _GNU_SOURCE
#include "CSnapshotFiles.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

int lsf_rename_noreplace(const char *from, const char *to) {
#ifdef RENAME_NOREPLACE
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE);
#elif defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int lsf_link_unsupported(int code) {
    return code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == ENOSYS || code == EXDEV;
}

/* unlink(2) of `path` keeping `code` as errno; returns `result`. */
static int drop(const char *path, int code, int result) {
    unlink(path);
    errno = code;
    return result;
}

int lsf_publish_noreplace(const char *temp, const char *to) {
    /* One step that refuses to replace: no second name for the file, nothing to unlink. */
    if (lsf_rename_noreplace(temp, to) == 0) return 1;
    int code = errno;
    if (code == EEXIST) return drop(temp, code, 0);
    if (!(code == EINVAL || code == ENOSYS || lsf_link_unsupported(code))) return drop(temp, code, -1);
    if (link(temp, to) == 0) return drop(temp, 0, 1);
    code = errno;
    if (code == EEXIST) return drop(temp, code, 0);
    if (!lsf_link_unsupported(code)) return drop(temp, code, -2);
    struct stat st;
    if (lstat(to, &st) == 0) return drop(temp, EEXIST, 0);
    if (rename(temp, to) == 0) return 1;
    return drop(temp, errno, -1);
}

typedef struct {
    const char *const *paths;
    size_t count;
    int *errors;
    atomic_size_t next;
} lsf_sync_work;

static void *sync_worker(void *argument) {
    lsf_sync_work *work = (lsf_sync_work *)argument;
    for (;;) {
        size_t i = atomic_fetch_add(&work->next, 1);
        if (i >= work->count) break;
        int fd = open(work->paths[i], O_RDONLY | O_CLOEXEC);
        if (fd < 0) { work->errors[i] = errno; continue; }
        int code = 0;
        while (fdatasync(fd) != 0) {
            if (errno != EINTR) { code = errno; break; }
        }
        if (close(fd) != 0 && code == 0 && errno != EINTR) code = errno;
        work->errors[i] = code;
    }
    return NULL;
}

void lsf_sync_files(const char *const *paths, size_t count, int *errors) {
    lsf_sync_work work = { paths, count, errors, 0 };
    for (size_t i = 0; i < count; i++) errors[i] = 0;
    /* Syncing waits on the disk, not the CPU: more threads than cores let the journal batch them. */
    size_t threads = count < 8 ? count : 8;
    pthread_t ids[8];
    size_t started = 0;
    for (size_t t = 1; t < threads; t++) {
        if (pthread_create(&ids[started], NULL, sync_worker, &work) == 0) started++;
    }
    sync_worker(&work);   /* this thread works too; a thread that could not start only makes it slower */
    for (size_t t = 0; t < started; t++) pthread_join(ids[t], NULL);
}
