#ifndef CSNAPSHOTFILES_H
#define CSNAPSHOTFILES_H
/* The file system calls of the store's write path that Swift's Glibc module does not import
 * (SnapshotStore/FileSystem.swift, SnapshotWriteBatch.swift; SnapshotRun's claim files). Plain C types only. */
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* renameat2(from, to, RENAME_NOREPLACE): moves `from` to `to` unless something exists at `to`, in one
 * step (no second name for the file, nothing to remove afterwards). 0, or -1 with errno: EEXIST when
 * `to` exists; EINVAL or ENOSYS when the file system or the kernel cannot do it (the caller falls back). */
int lsf_rename_noreplace(const char *from, const char *to);

/* Moves the finished temporary file `temp` to `to` unless something exists at `to`; `temp` is gone afterwards
 * either way. lsf_rename_noreplace where the file system can; else link(2), which refuses to replace too; on a
 * file system without hard links (lsf_link_unsupported), check, then rename(2):
 * the window between the two is the only place a parallel writer could be replaced. The one chain of the
 * store's references and the run's claim files. 1 when moved; 0 when something was at `to` (left as it is);
 * -1 with errno when a rename failed, -2 with errno when link(2) failed otherwise. */
int lsf_publish_noreplace(const char *temp, const char *to);

/* Whether a link(2) error means "this file system has no hard links" (EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS,
 * EXDEV), not "read-only": 1 or 0. */
int lsf_link_unsupported(int code);

/* fdatasync(2) of each of `count` files, on up to 8 threads at once, so that the file system commits
 * them in a few journal transactions instead of one per file. errors[i] is 0, or the errno of opening
 * or syncing paths[i]. */
void lsf_sync_files(const char *const *paths, size_t count, int *errors);

#ifdef __cplusplus
}
#endif
#endif
