/* bpf_sys.h — creating BPF programs and maps, with errors a user can act on.
 *
 * Contract: every function returns a file descriptor (>= 0, owned by the caller, close(2) it)
 * or -1 with errno set to the kernel's (or our) reason and a one-line message in errbuf, e.g.
 * "the kernel's verifier rejected the program: R2 !read_ok" or "creating BPF maps needs root
 * (or CAP_BPF and CAP_PERFMON)". Nothing here prints.
 *
 * Program loads run without a verifier log first (logging slows the verifier down a lot on big
 * programs); only when that load fails is it repeated at log level 1, growing the log buffer
 * while the kernel says ENOSPC (up to 64 MiB). The log text then goes into *log (when log is not
 * NULL), replacing what was there. The licence is always "GPL": the helpers a tracer needs
 * (ringbuf, probe_read_user, copy_from_user) are GPL-only. */
#ifndef USDTRACE_BPF_SYS_H
#define USDTRACE_BPF_SYS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/bpf.h>    /* struct bpf_insn, enum bpf_prog_type */
#include "util.h"

/* Debian 12's uapi headers predate these (kernel 6.6 uapi values). */
#define BPF_SYS_TRACE_UPROBE_MULTI 48   /* enum bpf_attach_type */
#define BPF_SYS_F_UPROBE_MULTI_RETURN 1u

/* A BPF function of a program after its main one (cg_subfn.h): its first instruction and its
 * name (a C identifier). */
struct bpf_sys_func {
	uint32_t insn;
	char name[32];
};

struct bpf_sys_prog_opts {
	enum bpf_prog_type type;   /* BPF_PROG_TYPE_KPROBE (uprobes), BPF_PROG_TYPE_PERF_EVENT... */
	int expected_attach_type;  /* 0, or BPF_SYS_TRACE_UPROBE_MULTI for uprobe_multi links */
	bool sleepable;            /* BPF_F_SLEEPABLE: may fault user pages in (copy_from_user) */
	const char *name;          /* shown by bpftool; cut to 15 characters; may be NULL */
	uint32_t log_always;       /* -x bpflog: load with a verifier log of this many bytes and
				    * return it in *log on success too (0: a log only on failure) */
	uint32_t attach_btf_id;    /* tracing programs (fentry/fexit): the vmlinux BTF id of the
				    * function, with expected_attach_type BPF_TRACE_FENTRY/FEXIT */
	/* the program's functions after the main one, by start: described to the kernel in BTF
	 * as global functions, which its verifier checks once each, for any scalar arguments
	 * (without BTF support they load as static functions, checked at each call) */
	const struct bpf_sys_func *funcs;
	size_t nfuncs;
};

int bpf_sys_prog_load(const struct bpf_sys_prog_opts *o, const struct bpf_insn *insns, size_t n,
		      struct strbuf *log, char *errbuf, size_t errlen);

/* The verifier's reason in a failure log: its last line that is not a statistics line
 * ("processed N insns", "verification time"...). Returns a malloc'd string, "" if none. */
char *bpf_sys_log_reason(const char *log);

enum bpf_sys_map_kind {
	BPF_SYS_MAP_HASH,
	BPF_SYS_MAP_ARRAY,
	BPF_SYS_MAP_PERCPU_HASH,
	BPF_SYS_MAP_PERCPU_ARRAY,
	BPF_SYS_MAP_RINGBUF,       /* key_size and value_size must be 0; max_entries is the size in
	                            * bytes: a power of two and a multiple of the page size */
};

int bpf_sys_map_create(enum bpf_sys_map_kind kind, const char *name, uint32_t key_size,
		       uint32_t value_size, uint32_t max_entries, char *errbuf, size_t errlen);
/* The same with map_flags (BPF_F_MMAPABLE: an array the tracer fills through mmap). */
int bpf_sys_map_create_flags(enum bpf_sys_map_kind kind, const char *name, uint32_t key_size,
			     uint32_t value_size, uint32_t max_entries, uint32_t flags, char *errbuf,
			     size_t errlen);

/* The number of possible CPUs (the number of values a per-CPU map lookup returns), or -1. */
int bpf_sys_possible_cpus(void);
/* The byte offset of member mname of struct sname in the kernel's BTF (a member of an
 * anonymous struct or union inside it too), or -1. */
struct btf;
int bpf_sys_btf_member(const struct btf *btf, const char *sname, const char *mname);
/* The same, and the member's size in bytes in *size (-1 when BTF cannot size it). */
int bpf_sys_btf_member_sized(const struct btf *btf, const char *sname, const char *mname,
			     int *size);
#endif
