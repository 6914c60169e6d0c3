/* tracefs.h — the group (subsystem) of each kernel trace event, as tracefs names them in
 * events/GROUP/NAME: "sched" for sched_process_fork. BTF knows every tracepoint but not its
 * group, which only tracefs tells.
 *
 * tracefs need not be mounted: when it is not, a child process reads it from a mount of its
 * own, in a mount namespace of its own (unshare), so nothing stays mounted and nobody else
 * sees it. Read once per run, on first use.
 *
 * Contract: tracefs_event_group returns the event's group, or NULL when no event has that name
 * (a bare tracepoint without an event, or tracefs unreadable: not root, no tracefs). Formats
 * are read only for the events asked for, a batch per child when tracefs is not mounted. */
#ifndef USDTRACE_TRACEFS_H
#define USDTRACE_TRACEFS_H
#include <stdbool.h>
#include <stddef.h>

const char *tracefs_event_group(const char *event);
/* Every trace event, in name order: fn(group, name, arg). */
void tracefs_events(void (*fn)(const char *group, const char *name, void *arg), void *arg);

/* An event's record layout (events/GROUP/NAME/format), its own fields only (not common_*). */
struct tracefs_field {
	char *type;        /* "pid_t", "const char *", "char" (the element type of an array) */
	char *name;
	int offset, size;  /* in the record; size: the whole array's, or 4 for a __data_loc */
	int array;         /* elements of a fixed array, 0 for none */
	bool data_loc;     /* __data_loc: a u32 (offset | length << 16) of bytes in the record */
	bool is_signed;
};
struct tracefs_format {
	int id;            /* the perf tracepoint id */
	int nfields;
	struct tracefs_field *fields;
};
/* Read the formats of events groups[i]/names[i] (n of them) in one pass over tracefs, for
 * tracefs_format to return; an event already read is not read again. */
void tracefs_read_formats(const char *const *groups, const char *const *names, size_t n);
/* The format of event group/name (read by tracefs_read_formats, or now), or NULL. */
const struct tracefs_format *tracefs_format(const char *group, const char *name);
#endif
