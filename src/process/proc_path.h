/* proc_path.h — opening the files a process names, as that process sees them, without letting
 * the process's files send the tracer elsewhere.
 *
 * A path under /proc/PID/root is walked by the kernel from the process's root, but a symlink met
 * on the way is resolved from the opener's root: a container's /usr/lib/libx.so -> /etc/shadow
 * (or -> ../../../../etc/shadow) opens the host's file as root. These functions resolve such paths
 * inside the process's root instead (openat2 RESOLVE_IN_ROOT: "/" and ".." stop at that root) and
 * refuse procfs magic links on the way (RESOLVE_NO_MAGICLINKS).
 *
 * Contract:
 *  - proc_root_open(pid, path, flags): open the absolute PATH (as /proc/PID/maps shows it) inside
 *    PID's root directory. flags are open(2)'s access flags; O_CLOEXEC, O_NOCTTY and O_NONBLOCK
 *    are always added (a FIFO planted where a library should be cannot block the opener; the flag
 *    changes nothing for regular files). Returns the descriptor, or -1 with errno (ESRCH when
 *    the process is gone, ENOSYS on a kernel without openat2, which is refused, not worked around).
 *  - proc_path_split(path, &pid, &rest): whether PATH has the form /proc/PID/root/REST (PID in
 *    decimal); then *pid and *rest (REST with its leading '/').
 *  - proc_path_open(path, flags): such a path through proc_root_open, any other with open(2) and
 *    the same added flags. What every reader of outside files (ELF, DWARF, uprobe targets) opens
 *    through. */
#ifndef USDTRACE_PROC_PATH_H
#define USDTRACE_PROC_PATH_H
#include <stdbool.h>
#include <sys/types.h>

int proc_root_open(pid_t pid, const char *path, int flags);
bool proc_path_split(const char *path, pid_t *pid, const char **rest);
int proc_path_open(const char *path, int flags);
#endif
