/* stash.h — usdtraced's stash directory (docs/usdtraced.md): the parsed probes of every
 * probe-carrying object some live process maps, and which processes map which, on disk.
 *
 *   DIR/usdtraced.pid     the owner's lock: usdtraced holds an exclusive flock(2) on it while
 *                         it runs and writes "PID ready" once its first scan is complete
 *   DIR/objects/DEV-INO   one object entry (stash_codec.h) per (device, inode), DEV in hex
 *   DIR/procs/PID-START/  one directory per live process (pid and start time, so a reused pid
 *                         is a different name): "maps" (its process record) and one hard
 *                         link DEV-INO per object entry it maps; an entry's link count - 1
 *                         is the number of processes mapping it
 *   DIR/usdtraced.sock    the registration socket (usdtraced.h)
 *
 * Contract: writers replace files atomically (a temporary name, then rename(2)), so a reader
 * sees an old or a new file, never half of one; a process directory is built under a temporary
 * name and renamed into place. Functions return 0 or -1 with a message in errbuf; readers
 * refuse damaged records (stash_codec.h) and callers fall back to parsing the object. */
#ifndef USDTRACE_STASH_H
#define USDTRACE_STASH_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "proc_maps.h"
#include "stash_codec.h"
#include "usdt_cache.h"

#define STASH_DEFAULT_DIR "/run/usdtrace"

/* Make DIR (mode 0711), DIR/objects and DIR/procs (0700) if missing, and give them those
 * modes: which process maps what is root's to know; anyone may reach the socket. */
int stash_prepare(const char *dir, char *errbuf, size_t errlen);

/* The start time of a live process (field 22 of /proc/PID/stat), or 0 when it is gone. */
uint64_t stash_proc_start_time(pid_t pid);

/* Names. */
char *stash_object_name(dev_t dev, ino_t ino);          /* "fd01-1234" */
char *stash_proc_name(pid_t pid, uint64_t start_time);  /* "1234-567890" */
/* Parses a process directory name; false when it is not one. */
bool stash_proc_name_parse(const char *name, pid_t *pid, uint64_t *start_time);

/* The stamp of the object open as fd (fstat). */
int stash_stamp_of_fd(int fd, struct stash_stamp *st);

/* Write an object entry atomically. */
int stash_object_write(const char *dir, const struct stash_stamp *st, const struct usdt_file *f,
		       char *errbuf, size_t errlen);
/* Read and decode the entry of (dev, ino): 0 and *f, or -1 (missing, damaged, another format
 * version: errbuf says which). want, when not NULL, must equal the entry's stamp. */
int stash_object_read(const char *dir, dev_t dev, ino_t ino, const struct stash_stamp *want,
		      struct usdt_file **f, char *errbuf, size_t errlen);

/* Make (or replace) the directory of process p: links to the entries of its objects (which must
 * exist) and its record. Entries it no longer links to stay until stash_gc. */
int stash_proc_write(const char *dir, const struct stash_proc *p, char *errbuf, size_t errlen);
/* Remove the directory of a process (by its directory name); its entries stay until stash_gc. */
int stash_proc_remove(const char *dir, const char *name);
/* Read the record of a process directory. */
int stash_proc_read(const char *dir, const char *name, struct stash_proc *p, char *errbuf,
		    size_t errlen);
/* The names of the process directories, sorted by pid (malloc'd array of malloc'd names);
 * -1 when DIR/procs cannot be read. */
int stash_proc_list(const char *dir, char ***names);
/* Remove object entries no process directory links to (link count 1), and stray temporaries. */
void stash_gc(const char *dir);

/* Whether a usdtraced that finished its first scan holds the lock of dir now. */
bool stash_owner_live(const char *dir);

/* usdtrace's reading: fn(maps, arg) for every live process of the stash, in pid order, as
 * proc_maps_foreach does, with maps holding the process's probe-carrying objects only; each
 * object's parsed probes put in cache (usdt_cache_put) from its entry, so nothing is parsed
 * again; the caller's own process is read from /proc in its place (the daemon may not have it
 * yet). A process that is gone or whose start time changed is skipped; a record naming a deleted
 * object (a memfd) whose path no longer opens (a /proc/PID/map_files name of a mapping split or
 * unmapped since the daemon read it) is replaced by the process's maps read from /proc; an entry that does not
 * decode is left to the cache to parse from the object. Returns -1 (nothing called) when no
 * live usdtraced owns dir or its directories cannot be read. */
int stash_maps_foreach(const char *dir, struct usdt_cache *cache,
		       void (*fn)(const struct proc_maps *m, void *arg), void *arg);
#endif
