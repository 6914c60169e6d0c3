/* bpf_sys.c — program loads and map creation through the bpf(2) system call (see bpf_sys.h).
 * Program loads use the raw system call rather than libbpf's bpf_prog_load so that the
 * log-on-failure-only and log-growing policy is ours and visible here. */
#include "bpf_sys.h"

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define LOG_FIRST (256u * 1024)
#define LOG_MAX (64u * 1024 * 1024)

static void copy_name(char dst[BPF_OBJ_NAME_LEN], const char *name)
{
	/* The kernel accepts only [A-Za-z0-9_.] in object names; anything else would turn a
	 * cosmetic label into an EINVAL. */
	size_t j = 0;

	memset(dst, 0, BPF_OBJ_NAME_LEN);
	for (size_t i = 0; name && name[i] && j < BPF_OBJ_NAME_LEN - 1; i++) {
		char c = name[i];
		int okc = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
			  c == '_' || c == '.';
		dst[j++] = okc ? c : '_';
	}
}

static int sys_prog_load(union bpf_attr *attr)
{
	int fd;
	int tries = 0;

	/* The kernel answers EAGAIN when a signal or memory pressure interrupted verification. */
	do
		fd = (int)syscall(__NR_bpf, BPF_PROG_LOAD, attr, sizeof(*attr));
	while (fd < 0 && errno == EAGAIN && ++tries < 5);
	return fd;
}

static int is_stats_line(const char *s, size_t len)
{
	static const char *const prefixes[] = { "processed ", "verification time", "stack depth",
						"max_states_per_insn", "mark_read" };
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		size_t pl = strlen(prefixes[i]);
		if (len >= pl && memcmp(s, prefixes[i], pl) == 0)
			return 1;
	}
	return 0;
}

char *bpf_sys_log_reason(const char *log)
{
	const char *best = NULL;
	size_t bestlen = 0;

	for (const char *p = log ? log : ""; *p;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len > 0 && !is_stats_line(p, len)) {
			best = p;
			bestlen = len;
		}
		p += len + (e ? 1 : 0);
	}
	return best ? xstrndup(best, bestlen) : xstrdup("");
}

/* EPERM for root means something else forbids BPF (kernel lockdown, a security module,
 * kernel.unprivileged_bpf_disabled does not apply to root); do not tell root to become root. */
static const char *eperm_text(const char *what, const char *why)
{
	static char buf[200];
	if (geteuid() == 0)
		snprintf(buf, sizeof(buf), "the kernel does not allow %s even for root (%s)", what,
			 why);
	else
		snprintf(buf, sizeof(buf), "%s needs root (or CAP_BPF and CAP_PERFMON)", what);
	return buf;
}

static int load_error(int err, const char *log, bool trampoline, char *errbuf, size_t errlen)
{
	char *reason = bpf_sys_log_reason(log);

	if (err == EPERM && trampoline && !reason[0])
		util_seterr(errbuf, errlen, "%s", eperm_text("fentry/fexit (BPF trampoline) programs",
			    "kernel function tracing is refused: lockdown, a security module, or "
			    "ftrace restricted by the kernel's build"));
	else if (err == EPERM)
		util_seterr(errbuf, errlen, "%s", eperm_text("loading BPF programs",
			    "kernel lockdown or a security module?"));
	else if (err == E2BIG)
		util_seterr(errbuf, errlen, "the program is too large for the kernel (%s)", strerror(err));
	else if (reason[0])
		util_seterr(errbuf, errlen, "the kernel's verifier rejected the program: %s", reason);
	else if (err == EINVAL)
		util_seterr(errbuf, errlen, "the kernel refused the program's type, attach type or flags "
			    "(does this kernel support them?)");
	else
		util_seterr(errbuf, errlen, "the kernel refused the program: %s", strerror(err));
	free(reason);
	errno = err;
	return -1;
}

/* BTF describing a program's functions: [1] long, [2] void *, [3] long (void *ctx), [4] the
 * main function "d_prog", [5] long (long a, ..., long e), then one global function of type 5
 * per name, in order. Loaded once per list of names (a run's programs share few lists) and
 * kept for the life of the process. Returns the fd, or -1. */
static int load_with_log(union bpf_attr *attr_in, const struct bpf_sys_prog_opts *o,
			 struct strbuf *log, char *errbuf, size_t errlen);

static int funcs_btf(const struct bpf_sys_func *funcs, size_t nfuncs)
{
	static struct cached { char *key; int fd; struct cached *next; } *cache;
	struct strbuf key = { 0 };

	for (size_t i = 0; i < nfuncs; i++) {
		strbuf_puts(&key, funcs[i].name);
		strbuf_puts(&key, ",");
	}
	for (struct cached *e = cache; e; e = e->next)
		if (strcmp(e->key, key.s) == 0) {
			strbuf_free(&key);
			return e->fd;
		}

	int fd = -1;
	struct btf *btf = btf__new_empty();
	if (!btf)
		goto out;
	int t_long = btf__add_int(btf, "long", 8, BTF_INT_SIGNED);
	int t_ptr = btf__add_ptr(btf, 0);
	int t_main = btf__add_func_proto(btf, t_long);
	if (t_long < 0 || t_ptr < 0 || t_main < 0 || btf__add_func_param(btf, "ctx", t_ptr) < 0 ||
	    btf__add_func(btf, "d_prog", BTF_FUNC_GLOBAL, t_main) < 0)
		goto out;
	int t_sub = btf__add_func_proto(btf, t_long);
	if (t_sub < 0)
		goto out;
	static const char *const params[] = { "a", "b", "c", "d", "e" };
	for (int i = 0; i < 5; i++)
		if (btf__add_func_param(btf, params[i], t_long) < 0)
			goto out;
	for (size_t i = 0; i < nfuncs; i++)
		if (btf__add_func(btf, funcs[i].name, BTF_FUNC_GLOBAL, t_sub) < 0)
			goto out;
	uint32_t size;
	const void *raw = btf__raw_data(btf, &size);
	if (raw)
		fd = bpf_btf_load(raw, size, NULL);
	if (fd >= 0) {
		struct cached *e = xcalloc(1, sizeof *e);
		e->key = xstrdup(key.s);
		e->fd = fd;
		e->next = cache;
		cache = e;
	}
out:
	btf__free(btf);
	strbuf_free(&key);
	return fd;
}

int bpf_sys_prog_load(const struct bpf_sys_prog_opts *o, const struct bpf_insn *insns, size_t n,
		      struct strbuf *log, char *errbuf, size_t errlen)
{
	union bpf_attr attr;
	static const char license[] = "GPL";

	if (n == 0 || n > UINT32_MAX) {
		errno = EINVAL;
		return util_seterr(errbuf, errlen, "the program has no instructions");
	}
	memset(&attr, 0, sizeof(attr));
	attr.prog_type = o->type;
	attr.expected_attach_type = (uint32_t)o->expected_attach_type;
	attr.attach_btf_id = o->attach_btf_id;
	attr.prog_flags = o->sleepable ? BPF_F_SLEEPABLE : 0;
	attr.insns = (uint64_t)(uintptr_t)insns;
	attr.insn_cnt = (uint32_t)n;
	attr.license = (uint64_t)(uintptr_t)license;
	copy_name(attr.prog_name, o->name);
	struct bpf_func_info *finfo = NULL;
	int btf_fd = o->nfuncs ? funcs_btf(o->funcs, o->nfuncs) : -1;
	if (btf_fd >= 0) {
		/* type ids as funcs_btf lays them out: the main function 4, the others 6 on */
		finfo = xcalloc(o->nfuncs + 1, sizeof *finfo);
		finfo[0] = (struct bpf_func_info){ .insn_off = 0, .type_id = 4 };
		for (size_t i = 0; i < o->nfuncs; i++)
			finfo[i + 1] = (struct bpf_func_info){ .insn_off = o->funcs[i].insn,
							       .type_id = (uint32_t)(6 + i) };
		attr.prog_btf_fd = (uint32_t)btf_fd;
		attr.func_info = (uint64_t)(uintptr_t)finfo;
		attr.func_info_rec_size = sizeof *finfo;
		attr.func_info_cnt = (uint32_t)(o->nfuncs + 1);
	}
	int fd = load_with_log(&attr, o, log, errbuf, errlen);
	free(finfo);
	return fd;
}

/* bpf_sys_prog_load once attr is filled in: the log policy of bpf_sys.h. */
static int load_with_log(union bpf_attr *attr_in, const struct bpf_sys_prog_opts *o,
			 struct strbuf *log, char *errbuf, size_t errlen)
{
	union bpf_attr attr = *attr_in;
	if (log) {
		log->len = 0;
		if (log->s)
			log->s[0] = '\0';
	}

	int fd;
	if (o->log_always && log) {
		char *all = xcalloc(1, o->log_always);
		attr.log_level = 1;
		attr.log_buf = (uint64_t)(uintptr_t)all;
		attr.log_size = o->log_always;
		fd = sys_prog_load(&attr);
		int saved = errno;
		strbuf_puts(log, all);
		free(all);
		attr.log_level = 0;
		attr.log_buf = 0;
		attr.log_size = 0;
		if (fd >= 0)
			return fd;
		errno = saved;
	} else {
		fd = sys_prog_load(&attr);
		if (fd >= 0)
			return fd;
	}
	int err = errno;
	if (err == EPERM || err == E2BIG)
		return load_error(err, NULL, o->attach_btf_id != 0, errbuf, errlen);

	/* Repeat with a log to learn why. */
	char *buf = NULL;
	for (uint32_t size = LOG_FIRST; size <= LOG_MAX; size *= 2) {
		free(buf);
		buf = xmalloc(size);
		buf[0] = '\0';
		attr.log_level = 1;
		attr.log_buf = (uint64_t)(uintptr_t)buf;
		attr.log_size = size;
		fd = sys_prog_load(&attr);
		if (fd >= 0) {
			/* Loading with a log succeeded where loading without one failed: nothing
			 * in our request differs, so treat it as a transient failure that went away. */
			free(buf);
			return fd;
		}
		err = errno;
		if (err != ENOSPC)
			break;
	}
	if (err == ENOSPC)
		err = EACCES; /* the log never fit; the program was still rejected */
	if (log) {
		log->len = 0;
		strbuf_puts(log, buf);
	}
	load_error(err, buf, o->attach_btf_id != 0, errbuf, errlen);
	free(buf);
	errno = err;
	return -1;
}

static const char *kind_name(enum bpf_sys_map_kind k)
{
	switch (k) {
	case BPF_SYS_MAP_HASH: return "hash";
	case BPF_SYS_MAP_ARRAY: return "array";
	case BPF_SYS_MAP_PERCPU_HASH: return "per-CPU hash";
	case BPF_SYS_MAP_PERCPU_ARRAY: return "per-CPU array";
	case BPF_SYS_MAP_RINGBUF: return "ring buffer";
	}
	return "?";
}

int bpf_sys_map_create(enum bpf_sys_map_kind kind, const char *name, uint32_t key_size,
		       uint32_t value_size, uint32_t max_entries, char *errbuf, size_t errlen)
{
	return bpf_sys_map_create_flags(kind, name, key_size, value_size, max_entries, 0, errbuf,
					errlen);
}

int bpf_sys_map_create_flags(enum bpf_sys_map_kind kind, const char *name, uint32_t key_size,
			     uint32_t value_size, uint32_t max_entries, uint32_t flags, char *errbuf,
			     size_t errlen)
{
	enum bpf_map_type type;
	char kname[BPF_OBJ_NAME_LEN];
	LIBBPF_OPTS(bpf_map_create_opts, opts, .map_flags = flags);

	switch (kind) {
	case BPF_SYS_MAP_HASH: type = BPF_MAP_TYPE_HASH; break;
	case BPF_SYS_MAP_ARRAY: type = BPF_MAP_TYPE_ARRAY; break;
	case BPF_SYS_MAP_PERCPU_HASH: type = BPF_MAP_TYPE_PERCPU_HASH; break;
	case BPF_SYS_MAP_PERCPU_ARRAY: type = BPF_MAP_TYPE_PERCPU_ARRAY; break;
	case BPF_SYS_MAP_RINGBUF: type = BPF_MAP_TYPE_RINGBUF; break;
	default:
		errno = EINVAL;
		return util_seterr(errbuf, errlen, "unknown map kind %d", (int)kind);
	}
	/* Check what the kernel would reject with a bare EINVAL, to say which number is wrong. */
	long page = sysconf(_SC_PAGESIZE);
	if (kind == BPF_SYS_MAP_RINGBUF) {
		if (key_size || value_size || max_entries == 0 || (max_entries & (max_entries - 1)) ||
		    max_entries % (uint32_t)page) {
			errno = EINVAL;
			return util_seterr(errbuf, errlen, "map %s: a ring buffer's size must be a power of "
					   "two and a multiple of %ld bytes (asked for %u)",
					   name ? name : "", page, max_entries);
		}
	} else if (key_size == 0 || value_size == 0 || max_entries == 0) {
		errno = EINVAL;
		return util_seterr(errbuf, errlen, "map %s: %s maps need non-zero key size, value size and "
				   "entry count", name ? name : "", kind_name(kind));
	} else if ((kind == BPF_SYS_MAP_ARRAY || kind == BPF_SYS_MAP_PERCPU_ARRAY) && key_size != 4) {
		errno = EINVAL;
		return util_seterr(errbuf, errlen, "map %s: array keys are 4 bytes, not %u",
				   name ? name : "", key_size);
	}
	copy_name(kname, name);
	int fd = bpf_map_create(type, kname[0] ? kname : NULL, key_size, value_size, max_entries, &opts);
	if (fd < 0) {
		/* libbpf returns -errno and also sets errno. */
		int err = errno;
		if (err == EPERM)
			util_seterr(errbuf, errlen, "%s", eperm_text("creating BPF maps",
				    "kernel lockdown or a security module?"));
		else if ((err == ENOMEM || err == E2BIG) && kind == BPF_SYS_MAP_RINGBUF)
			util_seterr(errbuf, errlen, "map %s (ring buffer of %u bytes) is too large: %s",
				    kname, max_entries, strerror(err));
		else if (err == ENOMEM || err == E2BIG)
			util_seterr(errbuf, errlen, "map %s (%s, %u entries of %u+%u bytes) is too large: %s",
				    kname, kind_name(kind), max_entries, key_size, value_size, strerror(err));
		else
			util_seterr(errbuf, errlen, "cannot create %s map %s: %s", kind_name(kind), kname,
				    strerror(err));
		errno = err;
		return -1;
	}
	return fd;
}

int bpf_sys_possible_cpus(void)
{
	int n = libbpf_num_possible_cpus();
	if (n < 0) {
		errno = -n;
		return -1;
	}
	return n;
}

/* Member mname's byte offset in struct or union t, looking into anonymous members too. */
/* The offset of member mname in t (anonymous members searched through), its size in *size
 * when size is not NULL; -1 when there is none. */
static int member_in(const struct btf *btf, const struct btf_type *t, const char *mname,
		     int *size)
{
	const struct btf_member *m = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++, m++) {
		const char *nm = btf__name_by_offset(btf, m->name_off);
		int off = (int)(btf_member_bit_offset(t, (uint32_t)i) / 8);
		if (nm && *nm) {
			if (strcmp(nm, mname) != 0)
				continue;
			if (size) {
				long long sz = btf__resolve_size(btf, m->type);
				*size = sz > 0 && sz <= INT32_MAX ? (int)sz : -1;
			}
			return off;
		}
		int r = btf__resolve_type(btf, m->type);
		const struct btf_type *u = r > 0 ? btf__type_by_id(btf, (uint32_t)r) : NULL;
		if (u && (btf_is_struct(u) || btf_is_union(u)) &&
		    (r = member_in(btf, u, mname, size)) >= 0)
			return off + r;
	}
	return -1;
}

int bpf_sys_btf_member(const struct btf *btf, const char *sname, const char *mname)
{
	return bpf_sys_btf_member_sized(btf, sname, mname, NULL);
}

int bpf_sys_btf_member_sized(const struct btf *btf, const char *sname, const char *mname,
			     int *size)
{
	int id = btf__find_by_name_kind(btf, sname, BTF_KIND_STRUCT);
	if (id < 0)
		return -1;
	return member_in(btf, btf__type_by_id(btf, (uint32_t)id), mname, size);
}
