/* stash_codec.h — the on-disk form of usdtraced's stash records: an object's parsed probes (a
 * whole struct usdt_file: segments, sites with decoded arguments, is-enabled sites, declared and
 * translated types, D declarations) and a process's list of probe-carrying objects (the
 * proc_objects usdtrace's probe matching takes from /proc/PID/maps).
 *
 * A record is a 32-byte header — magic "USDTSTSH", format version u32, kind u32, payload length
 * u64, FNV-1a-64 checksum of the payload u64 — then the payload: little-endian integers and
 * strings (u32 length, 0xffffffff for NULL, then the bytes, no NUL). The layout of each kind is
 * written out in stash_codec.c, field by field; docs/usdtraced.md describes it.
 *
 * Contract: encoding never fails. Decoding reads only buf[0..len), refuses (returns -1 with a
 * one-line message in errbuf) a wrong magic, a record of another kind, a version other than
 * STASH_FORMAT_VERSION (an older version is re-parsed by the daemon, never trusted), a length or
 * checksum that does not match, any count, string or enum out of range, a string holding a NUL,
 * and trailing bytes; on success *out is a complete, independent structure. */
#ifndef USDTRACE_STASH_CODEC_H
#define USDTRACE_STASH_CODEC_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "proc_maps.h"
#include "usdt_note.h"
#include "util.h"

#define STASH_MAGIC "USDTSTSH"
#define STASH_FORMAT_VERSION 1u
#define STASH_HDR_SIZE 32u
#define STASH_KIND_OBJECT 1u
#define STASH_KIND_PROCESS 2u

/* The identity of an object's bytes when it was parsed: an entry is used only while the file
 * at (dev, ino) still has this size, mtime and ctime (an inode number can be reused). */
struct stash_stamp {
	uint64_t dev, ino, size, mtime_ns, ctime_ns;
};

void stash_encode_object(struct strbuf *out, const struct stash_stamp *st,
			 const struct usdt_file *f);
int stash_decode_object(const void *buf, size_t len, struct stash_stamp *st,
			struct usdt_file **out, char *errbuf, size_t errlen);

/* A process's record: its pid and start time (clock ticks after boot, /proc/PID/stat field
 * 22) and the objects with probes it maps, in order of first mapping. */
struct stash_proc {
	pid_t pid;
	uint64_t start_time;
	int nobjs;
	struct proc_object *objs;
};

void stash_encode_proc(struct strbuf *out, const struct stash_proc *p);
int stash_decode_proc(const void *buf, size_t len, struct stash_proc *out, char *errbuf,
		      size_t errlen);
void stash_proc_free(struct stash_proc *p);   /* members, not p */

/* The version field of a record's header, or 0 when buf is not a stash record at all. */
uint32_t stash_record_version(const void *buf, size_t len);
#endif
