/* probe_reg.h — handing the objects libusdtrace-probe loads to a live usdtraced over its
 * registration socket (docs/usdtraced.md), so that `usdtrace -l` and system-wide descriptions
 * read through the daemon's stash list runtime probes the moment a load returns, and the
 * stash records the object as the finished load maps it (the daemon's own mmap event may come
 * while the dynamic linker is still splitting the mapping).
 *
 * The socket is DIR/usdtraced.sock, DIR from $USDTRACE_STASH (unset: /run/usdtrace, the
 * daemon's default; empty: never register). Registration is best effort: no daemon (no socket,
 * nobody listening, a full backlog) costs one failed connect(); a daemon that does not answer
 * within PROBE_REG_TIMEOUT_MS is left behind. No call raises SIGPIPE or changes errno.
 *
 * Contract: probe_reg_register(fd) sends "REGISTER" with the object's descriptor and returns
 * the daemon's count of probe sites (> 0), 0 when there is no daemon to tell or registration is
 * off, or -1 when the daemon refused or did not answer in time. probe_reg_update() sends
 * "UPDATE" (the daemon re-reads the caller's maps: after an unload) and returns the number of
 * probe-carrying objects the daemon found, 0 or -1 as above. */
#ifndef USDTRACE_PROBE_REG_H
#define USDTRACE_PROBE_REG_H

#define PROBE_REG_TIMEOUT_MS 2000

__attribute__((visibility("hidden"))) int probe_reg_register(int fd);
__attribute__((visibility("hidden"))) int probe_reg_update(void);
#endif
