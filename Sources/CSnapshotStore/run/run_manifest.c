/* See CSnapshotRun.h. Written in C because only a constructor runs before the first test. */
#define _GNU_SOURCE
#include "CSnapshotRun.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_MANIFESTS 16

static char process_id[64];
static char run_id[160];
static int active;
/* The lines every manifest of this process starts with, grown as needed: SwiftPM passes every selected test in
 * one argument (over 30 KB for a whole suite's list), and a header cut short lost the newline of its last line,
 * so the first line written after it was glued on ("lsnapshots\t…"). Without memory there is no manifest. */
static char *header;
static size_t header_length, header_capacity;
static int header_failed;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int manifest_fds[MAX_MANIFESTS];
static int manifest_count;
/* Lines noted for every manifest (lsr_manifest_note): written to those open now and to those opened later. */
static char *notes;
static size_t notes_length;

/* Field 22 of /proc/<pid>/stat (start time in clock ticks since boot) into `out`; 0 on success. */
static int start_time(pid_t pid, char *out, size_t size) {
    char path[64], buffer[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    size_t n = fread(buffer, 1, sizeof buffer - 1, file);
    fclose(file);
    buffer[n] = 0;
    char *field = strrchr(buffer, ')');  /* the command may hold spaces and parentheses */
    if (!field) return -1;
    field += 2;                          /* field 3 */
    for (int index = 3; index < 22 && field; index++) {
        field = strchr(field, ' ');
        if (field) field++;
    }
    if (!field) return -1;
    size_t length = strcspn(field, " \n");
    if (length == 0 || length >= size) return -1;
    memcpy(out, field, length);
    out[length] = 0;
    return 0;
}

/* Reads a small /proc file; NUL bytes (argument separators) become `separator`. Returns the length. */
static size_t read_proc(const char *path, char *out, size_t size, char separator) {
    FILE *file = fopen(path, "r");
    if (!file) { out[0] = 0; return 0; }
    size_t n = fread(out, 1, size - 1, file);
    fclose(file);
    while (n > 0 && (out[n - 1] == 0 || out[n - 1] == '\n')) n--;
    for (size_t i = 0; i < n; i++) if (out[i] == 0) out[i] = separator;
    out[n] = 0;
    return n;
}

/* Room for `more` bytes and the terminating NUL; 0 when memory ran out (the header is then given up). */
static int reserve(size_t more) {
    if (header_failed) return 0;
    if (header_length + more + 1 <= header_capacity) return 1;
    size_t capacity = header_capacity ? header_capacity : 4096;
    while (capacity < header_length + more + 1) capacity *= 2;
    char *grown = realloc(header, capacity);
    if (!grown) { header_failed = 1; return 0; }
    header = grown;
    header_capacity = capacity;
    return 1;
}

/* Appends `text` to the header with tab, newline and backslash escaped (\t, \n, \\). */
static void append_escaped(const char *text) {
    if (!reserve(2 * strlen(text))) return;
    for (const char *c = text; *c; c++) {
        if (*c == '\t' || *c == '\n' || *c == '\\') {
            header[header_length++] = '\\';
            header[header_length++] = *c == '\t' ? 't' : *c == '\n' ? 'n' : '\\';
        } else {
            header[header_length++] = *c;
        }
    }
    header[header_length] = 0;
}

static void append_raw(const char *text) {
    size_t length = strlen(text);
    if (!reserve(length)) return;
    memcpy(header + header_length, text, length + 1);
    header_length += length;
}

/* A command line from /proc/<pid>/cmdline, read whole however long, as tab-separated escaped arguments. */
static void append_command_line(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
    FILE *file = fopen(path, "r");
    if (!file) return;
    size_t n = 0, capacity = 8192;
    char *buffer = malloc(capacity);
    while (buffer) {
        n += fread(buffer + n, 1, capacity - n - 1, file);
        if (n < capacity - 1) break;
        char *grown = realloc(buffer, capacity * 2);
        if (!grown) { free(buffer); buffer = NULL; break; }
        buffer = grown;
        capacity *= 2;
    }
    fclose(file);
    if (!buffer) { header_failed = 1; return; }
    buffer[n] = 0;
    /* Arguments end with NUL bytes: walk them. */
    for (size_t i = 0; i < n; i += strlen(buffer + i) + 1) {
        append_raw("\t");
        append_escaped(buffer + i);
    }
    free(buffer);
}

static int write_all(int fd, const char *text, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, text, length);
        if (written < 0) { if (errno == EINTR) continue; return -1; }
        text += written;
        length -= (size_t)written;
    }
    return 0;
}

static int make_parents(const char *path) {
    char folder[PATH_MAX];
    if (snprintf(folder, sizeof folder, "%s", path) >= (int)sizeof folder) { errno = ENAMETOOLONG; return -1; }
    for (char *slash = folder + 1; (slash = strchr(slash, '/')); slash++) {
        *slash = 0;
        if (mkdir(folder, 0755) != 0 && errno != EEXIST) return -1;
        *slash = '/';
    }
    return 0;
}

int lsr_manifest_open(const char *path) {
    if (!active) { errno = ENOTSUP; return -1; }
    if (make_parents(path) != 0) return -1;
    pthread_mutex_lock(&lock);
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd >= 0) {
        write_all(fd, header, header_length);
        if (notes) write_all(fd, notes, notes_length);
    } else if (errno == EEXIST) {
        fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
    }
    if (fd >= 0) {
        struct stat opened;
        int known = 0;
        fstat(fd, &opened);
        for (int i = 0; i < manifest_count; i++) {
            struct stat other;
            if (fstat(manifest_fds[i], &other) == 0 && other.st_dev == opened.st_dev && other.st_ino == opened.st_ino) known = 1;
        }
        if (!known && manifest_count < MAX_MANIFESTS) manifest_fds[manifest_count++] = dup(fd);
    }
    pthread_mutex_unlock(&lock);
    return fd;
}

void lsr_manifest_note(const char *line) {
    if (!active || !line) return;
    size_t length = strlen(line);
    pthread_mutex_lock(&lock);
    char *grown = realloc(notes, notes_length + length + 2);
    if (grown) {
        notes = grown;
        memcpy(notes + notes_length, line, length);
        notes[notes_length + length] = '\n';
        notes_length += length + 1;
        notes[notes_length] = 0;
    }
    for (int i = 0; i < manifest_count; i++) {
        write_all(manifest_fds[i], line, length);
        write_all(manifest_fds[i], "\n", 1);
    }
    pthread_mutex_unlock(&lock);
}

/* on_exit: the status exit() was called with, appended to each manifest (glibc passes it). */
static void write_exit_status(int status, void *unused) {
    (void)unused;
    char line[32];
    snprintf(line, sizeof line, "exit %d\n", status);
    for (int i = 0; i < manifest_count; i++) write_all(manifest_fds[i], line, strlen(line));
}

const char *lsr_process_id(void) { return active ? process_id : NULL; }
const char *lsr_run_id(void) { return active ? run_id : NULL; }

__attribute__((constructor)) static void lsr_start(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc < 1 || !argv || !argv[0]) return;
    size_t length = strlen(argv[0]);
    if (length < 7 || strcmp(argv[0] + length - 7, ".xctest") != 0) return;
    char start[32];
    if (start_time(getpid(), start, sizeof start) != 0) return;
    snprintf(process_id, sizeof process_id, "%d-%s", (int)getpid(), start);

    const char *named = getenv("LABELSNAP_RUN_ID");
    char parent_comm[64], parent_start[32];
    char comm_path[64];
    snprintf(comm_path, sizeof comm_path, "/proc/%d/comm", (int)getppid());
    read_proc(comm_path, parent_comm, sizeof parent_comm, ' ');
    int under_swiftpm = strncmp(parent_comm, "swift-", 6) == 0 && start_time(getppid(), parent_start, sizeof parent_start) == 0;
    if (named && *named) {
        /* The same sanitising as SnapshotNaming for the characters a CI id holds: others become '-'. */
        size_t used = (size_t)snprintf(run_id, sizeof run_id, "id-");
        for (const char *c = named; *c && used + 1 < sizeof run_id; c++) {
            int keep = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_' || *c == '-' || *c == '+';
            run_id[used++] = keep ? *c : '-';
        }
        run_id[used] = 0;
    } else if (under_swiftpm) {
        snprintf(run_id, sizeof run_id, "%d-%s", (int)getppid(), parent_start);
    } else {
        snprintf(run_id, sizeof run_id, "%s", process_id);
    }

    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    char line[256];
    snprintf(line, sizeof line, "labelsnap-manifest 1\nprocess %s\nrun %s\nstarted %lld.%09ld\nargv",
             process_id, run_id, (long long)now.tv_sec, now.tv_nsec);
    append_raw(line);
    for (int i = 0; i < argc; i++) { append_raw("\t"); append_escaped(argv[i]); }
    append_raw("\n");
    if (under_swiftpm) {
        snprintf(line, sizeof line, "launcher %d-%s", (int)getppid(), parent_start);
        append_raw(line);
        append_command_line(getppid());
        append_raw("\n");
    }
    if (header_failed) return;
    active = 1;
    on_exit(write_exit_status, NULL);

    /* The manifest exists from the start when the working folder is a package (as under swift test). */
    char cwd[PATH_MAX], path[PATH_MAX], probe[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd)) return;
    if (snprintf(probe, sizeof probe, "%s/Package.swift", cwd) >= (int)sizeof probe || access(probe, F_OK) != 0) return;
    const char *artifacts = getenv("SNAPSHOT_ARTIFACTS");
    int written;
    if (artifacts && *artifacts == '/') written = snprintf(path, sizeof path, "%s/.manifests/%s/%s.manifest", artifacts, run_id, process_id);
    else if (artifacts && *artifacts) written = snprintf(path, sizeof path, "%s/%s/.manifests/%s/%s.manifest", cwd, artifacts, run_id, process_id);
    else written = snprintf(path, sizeof path, "%s/.build/snapshot-artifacts/.manifests/%s/%s.manifest", cwd, run_id, process_id);
    if (written >= (int)sizeof path) return;
    /* An artifacts folder inside the references (a __Snapshots__ below the package root, or the folder
       LABELSNAP_SNAPSHOTS_DIR names) gets no manifest: the assertions refuse it, and nothing is to be committed. */
    const char *below = strncmp(path, cwd, strlen(cwd)) == 0 ? path + strlen(cwd) : path;
    if (strstr(below, "/__Snapshots__/")) return;
    const char *references = getenv("LABELSNAP_SNAPSHOTS_DIR");
    char folder[PATH_MAX];
    if (references && *references) {
        written = *references == '/' ? snprintf(folder, sizeof folder, "%s/", references)
                                     : snprintf(folder, sizeof folder, "%s/%s/", cwd, references);
        if (written < (int)sizeof folder && strncmp(path, folder, strlen(folder)) == 0) return;
    }
    int fd = lsr_manifest_open(path);
    if (fd >= 0) close(fd);
}
