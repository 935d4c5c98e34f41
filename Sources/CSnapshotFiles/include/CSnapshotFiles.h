#ifndef CSNAPSHOTFILES_H
#define CSNAPSHOTFILES_H
/* The file system calls of the store's write path that Swift's Glibc module does not import
 * (SnapshotStore/FileSystem.swift, SnapshotWriteBatch.swift). Plain C types only. */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* renameat2(from, to, RENAME_NOREPLACE): moves `from` to `to` unless something exists at `to`, in one
 * step (no second name for the file, nothing to remove afterwards). 0, or -1 with errno: EEXIST when
 * `to` exists; EINVAL or ENOSYS when the file system or the kernel cannot do it (the caller falls back). */
int lsf_rename_noreplace(const char *from, const char *to);

/* fdatasync(2) of each of `count` files, on up to 8 threads at once, so that the file system commits
 * them in a few journal transactions instead of one per file. errors[i] is 0, or the errno of opening
 * or syncing paths[i]. */
void lsf_sync_files(const char *const *paths, size_t count, int *errors);

#ifdef __cplusplus
}
#endif
#endif
