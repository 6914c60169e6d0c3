/* dmn_registry.h — usdtraced's bookkeeping: keeps the stash (stash.h) equal to what the live
 * processes map. Which objects carry probes is learned once per object version (a stamp:
 * device, inode, size, mtime, ctime) by parsing it in the sandbox (dmn_sandbox.h) or by reading
 * a valid entry of the current format left by an earlier run; an entry that does not decode or
 * is of another format version is parsed again, never trusted.
 *
 * Contract: every function leaves the stash consistent (a process directory links only to
 * entries that exist; entries no process links to are removed). dmn_update_pid makes the
 * directory of a live process hold exactly its probe-carrying objects (none: no directory) and
 * removes the directories of earlier processes with that pid; dmn_drop_pid removes every
 * directory of the pid. Objects that cannot be read or are refused by the parser are reported
 * once on stderr ("usdtraced: PATH: why") and count as carrying no probes. */
#ifndef USDTRACE_DMN_REGISTRY_H
#define USDTRACE_DMN_REGISTRY_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "stash.h"

struct dmn_registry;

struct dmn_registry *dmn_registry_new(const char *dir);
void dmn_registry_free(struct dmn_registry *r);

/* At start: remove entries that do not decode, directories of processes that are gone, then
 * dmn_update_pid for every process in /proc. Returns the number of processes with probes. */
int dmn_registry_scan(struct dmn_registry *r);
/* The stash made equal to /proc now, whatever events were missed: directories of processes
 * that are gone (pid absent or its start time another's) removed, then dmn_update_pid for every
 * process in /proc. Returns the number of processes with probes. */
int dmn_registry_reconcile(struct dmn_registry *r);
/* Returns the number of probe-carrying objects the process maps now (0: no directory). */
int dmn_update_pid(struct dmn_registry *r, pid_t pid);
void dmn_drop_pid(struct dmn_registry *r, pid_t pid);

/* Whether process pid maps the object (dev, ino). */
bool dmn_pid_maps(pid_t pid, dev_t dev, ino_t ino);
#endif
