/* syscall.c — the syscall provider: syscall:vmlinux:NAME:entry and :return for every system
 * call of this kernel, named as the kernel names them (SYSCALL_DEFINE: newuname, sendfile64,
 * umount), as dtrace on Linux lists them.
 *
 * Which calls: the numbers of the x86-64 table (syscall_tab.h) but those no kernel implements
 * any more (never[]), and, where tracefs is mounted, but those the kernel has no
 * syscalls:sys_enter_NAME event for: DTrace for Linux's syscall provider is made of those events,
 * so a call configured out of this kernel (init_module without modules, uselib...) is no probe
 * of it (dtrace -l -P syscall), though such a number still enters sys_enter when called. The
 * test is a stat of the event's directory per call (~1 ms for all); the table is not checked
 * against the kernel's BTF: finding ~380 functions there cost 120 ms at every start.
 *
 * Firing: raw tracepoints sys_enter (arguments: pt_regs *, the call's number) and sys_exit
 * (pt_regs *, the return value); each program tests the number first (sys_exit: the saved
 * orig_ax), then the cheap predicates (ktp.h). entry: arg0..arg5 are the call's arguments, read
 * from the saved registers (rdi rsi rdx r10 r8 r9); return: arg0 and arg1 the return value,
 * errno its error when it is one (-4095..-1), else 0.
 *
 * args[] types: the syscall tracepoints' formats (events/syscalls/sys_enter_NAME/format in
 * tracefs) as D types them (sys_type_text: no const), a return probe's args[0] the long it
 * returns and nothing else (dtrace -lv; args[1] is out of range there); tracefs is read where
 * it is mounted, else mounted read-only on a private directory for the moment of each read.
 * Without tracefs: six uint64_t. */
#include <bpf/bpf.h>
#include <errno.h>
#include <linux/bpf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "attach.h"
#include "cg_str.h"
#include "bpf_sys.h"
#include "cg_clause.h"
#include "ktp.h"
#include "pcat.h"
#include "util.h"

struct sysent {
	int nr;
	const char *name;
};

static const struct sysent systab[] = {
#include "syscall_tab.h"
};

/* The table's (uapi) name -> the kernel's own, where they differ on x86-64. */
static const char *const aliases[][2] = {
	{ "uname", "newuname" }, { "stat", "newstat" }, { "fstat", "newfstat" },
	{ "lstat", "newlstat" }, { "umount2", "umount" }, { "sendfile", "sendfile64" },
};

static const char *kernel_name(const char *name)
{
	for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
		if (strcmp(aliases[i][0], name) == 0)
			return aliases[i][1];
	return name;
}

/* Numbers x86-64 reserves but no current kernel implements (sys_ni_syscall: obsolete calls,
 * _sysctl since 5.5, lookup_dcookie since 6.8): dtrace lists only the calls the kernel has. */
static const char *const never[] = {
	"_sysctl", "afs_syscall", "create_module", "epoll_ctl_old", "epoll_wait_old",
	"get_kernel_syms", "getpmsg", "lookup_dcookie", "nfsservctl", "putpmsg", "query_module",
	"security", "tuxcall", "vserver",
};

static bool implemented(const char *name)
{
	for (size_t i = 0; i < sizeof(never) / sizeof(never[0]); i++)
		if (strcmp(never[i], name) == 0)
			return false;
	return true;
}

/* Whether the kernel has the call's syscall events: true where tracefs is not mounted, which
 * cannot tell (the table then stands). */
static bool has_events(const char *name)
{
	static int mounted = -1;
	if (mounted < 0)
		mounted = access("/sys/kernel/tracing/events/syscalls", X_OK) == 0;
	if (!mounted)
		return true;
	char path[160];
	snprintf(path, sizeof(path), "/sys/kernel/tracing/events/syscalls/sys_enter_%s", name);
	return access(path, X_OK) == 0;
}

static int ent_cmp(const void *a, const void *b)
{
	const struct sysent *x = *(const struct sysent *const *)a;
	const struct sysent *y = *(const struct sysent *const *)b;
	return (x->nr > y->nr) - (x->nr < y->nr);
}

/* Every call, by number, return then entry (dtrace's ids: read's return is 3625, its entry
 * 3626); a probe's data is its entry of systab. */
static void sys_populate(struct bprobes *c)
{
	size_t n = sizeof(systab) / sizeof(systab[0]);
	const struct sysent **v = xcalloc(n, sizeof(*v));
	for (size_t i = 0; i < n; i++)
		v[i] = &systab[i];
	qsort(v, n, sizeof(*v), ent_cmp);
	for (size_t i = 0; i < n; i++) {
		const char *k = kernel_name(v[i]->name);
		if (!implemented(k) || !has_events(k))
			continue;
		static const char *const names[2] = { "return", "entry" };
		for (int r = 0; r < 2; r++)
			bprobes_add(c, &prov_syscall, "vmlinux", k, names[r], DOBJ_PROBE_KERNEL)->data =
				v[i];
	}
	free(v);
}

/* The probe's system call number. */
static int sys_nr(const struct dobj_probe *p)
{
	return ((const struct sysent *)p->data)->nr;
}

static bool is_return(const struct dobj_probe *p)
{
	return p->name[0] == 'r';
}

static int sys_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
		     int nbefore)
{
	(void)nbefore;
	return pcat_match_builtin(cat, &prov_syscall, d, id, clause);
}

#define PTREGS_ORIG_AX 120
#define NR_SLOTS 1024

/* ---- one program for many calls ----
 * A clause on many calls (syscall:::entry, 370 of them) compiles to one program for every
 * call its clauses enable alike (cgc_compile_multi), loaded and verified once: verifying
 * one program per call cost seconds at start-up for clauses with loops (basename()). Such a
 * program is always reached through the dispatcher (below), which picks it by call number;
 * what differs between its calls (epids, id, probefunc) it reads from the map "sys_probes",
 * one entry per probe (key: number * 2 + 1 for return), written at attach. The prologue looks
 * the entry up once and keeps its address in a fixed stack slot for the hooks. */
struct sys_probe_ent {
	uint32_t first_epid;       /* the probe's first epid (the program's first template's) */
	uint32_t id;               /* the probe's id */
	char func[32];             /* its function name, NUL-padded (cut at strsize) */
};

#define SYS_ENT_SLOT CGC_USDT_SPEC   /* a slot no syscall program uses otherwise */
#define SYS_PROBES_MAP "sys_probes"

static uint32_t ent_key(const struct dobj_probe *p)
{
	return (uint32_t)sys_nr(p) * 2 + is_return(p);
}

/* The index of "sys_probes" in o's maps, or -1. */
static int probes_map(const struct dobj *o)
{
	for (size_t i = 0; i < o->nmaps; i++)
		if (strcmp(o->maps[i].name, SYS_PROBES_MAP) == 0)
			return (int)i;
	return -1;
}

/* Probe probe's program: one for every call of its kind its clauses enable alike. */
static void sys_compile(struct cgc *c, int probe)
{
	const struct dobj *o = c->o;
	const struct dobj_probe *p = &o->probes[probe];
	for (size_t i = 0; i < o->nprobes; i++) {
		const struct dobj_probe *q = &o->probes[i];
		if ((int)i == probe || q->prov != &prov_syscall || is_return(q) != is_return(p) ||
		    !cgc_same_clauses(c, probe, (int)i))
			continue;
		if (probes_map(o) < 0)
			cgc_add_map(c, SYS_PROBES_MAP, BPF_SYS_MAP_ARRAY, 4,
				    sizeof(struct sys_probe_ent), NR_SLOTS * 2);
		cgc_compile_multi(c, probe);
		return;
	}
	cgc_compile_program(c, probe, CGC_USDT_GUARDED);
}

/* The program's call first: a firing for any other call ends here. A multi-probe program
 * finds its probe's entry instead (its dispatcher only runs it for its own calls). */
static void sys_prologue(struct cgc *c, int out_label)
{
	if (is_return(c->probe)) {
		ktp_ctx_arg(c, 0);
		cgc_task_read(c, PTREGS_ORIG_AX, 8);
	} else {
		ktp_ctx_arg(c, 1);
	}
	if (c->multi) {
		bpb_jmp_imm(&c->buf, BPF_JGT, 0, NR_SLOTS - 1, out_label);
		cgc_emit(c, bi_alu64_imm(BPF_LSH, 0, 1));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, is_return(c->probe)));
		cgc_emit(c, bi_stx(BPF_W, 10, 0, CGC_KEY));
		cgc_lookup_key(c, probes_map(c->o));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, out_label);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, SYS_ENT_SLOT));
	} else {
		bpb_jmp_imm(&c->buf, BPF_JNE, 0, sys_nr(c->probe), out_label);
	}
	ktp_prefilter(c, out_label);
}

/* Multi-probe programs only (cgc_probe_at_run_time): reg = the run-time epid of template tmpl. */
static void sys_epid(struct cgc *c, int reg, uint32_t tmpl)
{
	cgc_emit(c, bi_ldx(BPF_DW, reg, 10, SYS_ENT_SLOT));
	cgc_emit(c, bi_ldx(BPF_W, reg, reg, (int16_t)offsetof(struct sys_probe_ent, first_epid)));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, reg, (int32_t)(tmpl - c->prog_first_epid)));
}

static void sys_probe_id(struct cgc *c)
{
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, SYS_ENT_SLOT));
	cgc_emit(c, bi_ldx(BPF_W, 0, 0, (int16_t)offsetof(struct sys_probe_ent, id)));
}

/* probefunc from the entry; the other names are the same for every probe of the program. */
static uint32_t sys_probe_name(struct cgc *c, int which)
{
	uint32_t dst = cgs_scratch_alloc(&c->g, c->slot);
	if (which != 2) {
		const char *s = which == 0 ? c->probe->provider : which == 1 ? c->probe->module
			: c->probe->name;
		size_t len = strlen(s);
		if (len > c->g.strsize - 1)
			len = c->g.strsize - 1;
		cgs_str_from_literal(&c->g, dst, s, len);
		return dst;
	}
	uint32_t n = c->slot < sizeof(((struct sys_probe_ent *)0)->func)
		? c->slot : (uint32_t)sizeof(((struct sys_probe_ent *)0)->func);
	cgc_zero_scratch(c, dst, c->slot);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, SYS_ENT_SLOT));
	cgc_copy(c, CG_R_SCRATCH, dst, 1, offsetof(struct sys_probe_ent, func), n, false);
	return dst;
}

static void sys_arg(struct cgc *c, int i)
{
	/* pt_regs offsets of the x86-64 system call argument registers */
	static const int16_t regs[6] = { 112, 104, 96, 56, 72, 64 };
	if (is_return(c->probe)) {
		if (i < 2)
			ktp_ctx_arg(c, 1);
		else
			cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	if (i >= 6) {
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	ktp_ctx_arg(c, 0);
	cgc_task_read(c, regs[i], 8);
}

/* errno: the return value's error (-4095 .. -1 is an error, as the C library takes it). */
static void sys_errno(struct cgc *c)
{
	if (!is_return(c->probe)) {
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	int none = bpb_label_new(&c->buf), done = bpb_label_new(&c->buf);
	ktp_ctx_arg(c, 1);
	bpb_jmp_imm(&c->buf, BPF_JSGE, 0, 0, none);
	bpb_jmp_imm(&c->buf, BPF_JSLT, 0, -4095, none);
	cgc_emit(c, bi_alu64_imm(BPF_NEG, 0, 0));
	bpb_ja(&c->buf, done);
	bpb_label_place(&c->buf, none);
	cgc_emit(c, bi_mov64_imm(0, 0));
	bpb_label_place(&c->buf, done);
}

/* Many calls traced at once (syscall:::entry) would put hundreds of programs on sys_enter, every
 * one of them run for every system call of the machine (measured: 24 us a call with all 380
 * entry probes enabled). Past a few, the programs go into a program array indexed by call
 * number instead, and one dispatcher on the tracepoint tail-calls the call's program: a call
 * nobody traces costs one lookup. */
#define DIRECT_MAX 4

struct dispatch {
	const struct attach_set *set;  /* the run it belongs to */
	int map_fd;                    /* BPF_MAP_TYPE_PROG_ARRAY, owned by the set */
};
static struct dispatch dispatchers[2] = { { NULL, -1 }, { NULL, -1 } };   /* entry, return */

/* Whether the programs of one kind (entry or return) go through the dispatcher: past
 * DIRECT_MAX probes, and always for a multi-probe program. */
static bool dispatched(const struct dobj *o, bool ret)
{
	size_t n = 0;
	for (size_t i = 0; i < o->nprogs; i++) {
		const struct dobj_probe *pr = &o->probes[o->progs[i].probe];
		if (pr->prov != &prov_syscall || is_return(pr) != ret)
			continue;
		if (o->progs[i].multi)
			return true;
		n += 1 + o->progs[i].nalso;
	}
	return n > DIRECT_MAX;
}

/* The dispatcher: R3 = the call's number (sys_enter: argument 1; sys_exit: the saved orig_ax),
 * then bpf_tail_call(ctx, map, R3); a number with no program falls through to return 0. */
static int load_dispatcher(int map_fd, bool ret, char *err, size_t errlen)
{
	struct bpf_insn in[24];
	int n = 0;
	in[n++] = bi_mov64_reg(6, 1);
	if (ret) {
		in[n++] = bi_st(BPF_DW, 10, -8, 0);
		in[n++] = bi_ldx(BPF_DW, 3, 6, 0);
		in[n++] = bi_alu64_imm(BPF_ADD, 3, PTREGS_ORIG_AX);
		in[n++] = bi_mov64_reg(1, 10);
		in[n++] = bi_alu64_imm(BPF_ADD, 1, -8);
		in[n++] = bi_mov64_imm(2, 8);
		in[n++] = bi_call(BPF_FUNC_probe_read_kernel);
		in[n++] = bi_ldx(BPF_DW, 3, 10, -8);
	} else {
		in[n++] = bi_ldx(BPF_DW, 3, 6, 8);
	}
	in[n++] = bi_mov64_reg(1, 6);
	bi_ld_map_fd(&in[n], 2, map_fd);
	n += 2;
	in[n++] = bi_call(BPF_FUNC_tail_call);
	in[n++] = bi_mov64_imm(0, 0);
	in[n++] = bi_exit();
	struct bpf_sys_prog_opts o = { .type = BPF_PROG_TYPE_RAW_TRACEPOINT,
				       .name = ret ? "syscall_return" : "syscall_entry" };
	return bpf_sys_prog_load(&o, in, (size_t)n, NULL, err, errlen);
}

static int dispatcher_for(struct prov_run *r, bool ret)
{
	struct dispatch *d = &dispatchers[ret];
	if (d->set == r->set && d->map_fd >= 0)
		return d->map_fd;
	char err[512];
	int map_fd = bpf_map_create(BPF_MAP_TYPE_PROG_ARRAY, ret ? "sys_return" : "sys_entry", 4, 4,
				    NR_SLOTS, NULL);
	if (map_fd < 0) {
		util_warn("cannot create the system call program array: %s", strerror(errno));
		return -1;
	}
	/* the array empties itself when its last descriptor closes: the set keeps it */
	attach_keep_fd(r->set, map_fd);
	int prog_fd = load_dispatcher(map_fd, ret, err, sizeof(err));
	if (prog_fd < 0) {
		util_warn("cannot load the system call dispatcher: %s", err);
		return -1;
	}
	int rc = attach_raw_tp(r->set, prog_fd, ret ? "sys_exit" : "sys_enter", err, sizeof(err));
	close(prog_fd);  /* the link holds it */
	if (rc < 0) {
		util_warn("cannot attach the system call dispatcher: %s", err);
		return -1;
	}
	d->set = r->set;
	d->map_fd = map_fd;
	return map_fd;
}

/* Probe pr of program p (its epids from first_epid) into the dispatcher's array map_fd and,
 * for a multi-probe program, its entry into "sys_probes". */
static int enable_probe(struct prov_run *r, const struct dobj_prog *p, int map_fd,
			const struct dobj_probe *pr, uint32_t first_epid)
{
	uint32_t key = (uint32_t)sys_nr(pr);
	uint32_t val = (uint32_t)p->fd;
	int m = p->multi ? probes_map(r->o) : -1;
	if (p->multi && m < 0) {
		errno = ENOENT;
		goto fail;
	}
	if (m >= 0) {
		struct sys_probe_ent e = { .first_epid = first_epid, .id = pr->id };
		size_t len = strlen(pr->function), max = r->o->strsize;
		if (max > sizeof(e.func) - 1)
			max = sizeof(e.func) - 1;
		memcpy(e.func, pr->function, len < max ? len : max);
		uint32_t k = ent_key(pr);
		if (key >= NR_SLOTS || bpf_map_update_elem(r->o->maps[m].fd, &k, &e, BPF_ANY) < 0)
			goto fail;
	}
	if (key >= NR_SLOTS || bpf_map_update_elem(map_fd, &key, &val, BPF_ANY) < 0)
		goto fail;
	return 0;
fail:
	util_warn("failed to enable probe %u (%s:%s:%s:%s): %s", pr->id, pr->provider,
		  pr->module, pr->function, pr->name, strerror(errno));
	return -1;
}

/* The raw tracepoint a probe's program runs on (directly, or through the dispatcher's tail
 * call, which leaves no frame of its own). */
static const char *sys_tracepoint(const struct dobj_probe *p)
{
	return is_return(p) ? "sys_exit" : "sys_enter";
}

static void sys_kstack_own(const struct dobj_probe *p, struct prov_kstack *k)
{
	const char *tp = sys_tracepoint(p);
	ktp_kstack_own(&tp, 1, k);
}

static int sys_attach(struct prov_run *r, struct dobj_prog *p)
{
	const struct dobj_probe *pr = &r->o->probes[p->probe];
	bool ret = is_return(pr);
	if (!dispatched(r->o, ret))
		return ktp_attach(r, p, sys_tracepoint(pr));
	int map_fd = dispatcher_for(r, ret);
	if (map_fd < 0)
		return -1;
	if (enable_probe(r, p, map_fd, pr, p->first_epid) < 0)
		return -1;
	for (size_t i = 0; i < p->nalso; i++)
		if (enable_probe(r, p, map_fd, &r->o->probes[p->also[i].probe],
				 p->also[i].first_epid) < 0)
			return -1;
	return 0;
}

/* ---- argument types from tracefs ---- */

/* events/syscalls/EVENT/format under root, or NULL. */
static char *read_format_at(const char *root, const char *event)
{
	char path[512];
	size_t len;
	snprintf(path, sizeof(path), "%s/events/syscalls/%s/format", root, event);
	return util_read_file(path, &len);
}

/* The text of events/syscalls/EVENT/format, or NULL. Where tracefs is not mounted it is
 * mounted read-only on a private directory for this one read and unmounted at once, so that
 * nothing stays mounted whatever becomes of the tracer. */
static char *read_format(const char *event)
{
	static const char *const roots[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };
	static bool cannot_mount;
	for (size_t i = 0; i < 2; i++) {
		char *t = read_format_at(roots[i], event);
		if (t)
			return t;
	}
	if (cannot_mount)
		return NULL;
	char dir[] = "/tmp/usdtrace-tracefs.XXXXXX";
	if (!mkdtemp(dir)) {
		cannot_mount = true;
		return NULL;
	}
	char *t = NULL;
	if (mount("nodev", dir, "tracefs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) == 0) {
		t = read_format_at(dir, event);
		umount2(dir, MNT_DETACH);
	} else {
		cannot_mount = true;   /* not root, or no tracefs: the same next time */
	}
	rmdir(dir);
	return t;
}

#define MAXARGS 6

struct sys_types {
	int nr;
	int n;                       /* -1: unknown */
	char *types[MAXARGS];
};

static struct sys_types *types_cache;
static size_t ntypes_cache, types_cap;

/* A format's C declaration of an argument type as DTrace for Linux types and lists the
 * argument (dtrace -lv -P syscall): qualifiers dropped wherever they are ("const char *" is
 * "char *", "struct landlock_ruleset_attr *const" "struct landlock_ruleset_attr *"), stars
 * together ("void * *" is "void **"), and a pointer to uid_t or gid_t a pointer to their
 * unsigned int (getgroups's args[1]: "unsigned int *", while a uid_t itself stays uid_t).
 * Returns new text. */
static char *sys_type_text(const char *decl)
{
	struct strbuf b = { 0 };
	for (const char *s = decl; *s;) {
		if (strncmp(s, "const", 5) == 0 && (s == decl || s[-1] == ' ' || s[-1] == '*') &&
		    (s[5] == ' ' || s[5] == '\0' || s[5] == '*')) {
			s += 5;
			while (*s == ' ')
				s++;
			continue;
		}
		if (*s == ' ' && (s[1] == '*' || s[1] == '\0') && b.len && b.s[b.len - 1] == '*') {
			s++;
			continue;
		}
		strbuf_printf(&b, "%c", *s++);
	}
	while (b.len && b.s[b.len - 1] == ' ')
		b.s[--b.len] = '\0';
	if (b.s && (strncmp(b.s, "uid_t *", 7) == 0 || strncmp(b.s, "gid_t *", 7) == 0)) {
		struct strbuf u = { 0 };
		strbuf_puts(&u, "unsigned int");
		strbuf_puts(&u, b.s + 5);
		strbuf_free(&b);
		return u.s;
	}
	return b.s ? b.s : xstrdup("");
}

/* The argument types of call nr from its entry format: "field:TYPE NAME;" lines after the
 * common fields and __syscall_nr. */
static const struct sys_types *entry_types(const struct dobj_probe *p)
{
	for (size_t i = 0; i < ntypes_cache; i++)
		if (types_cache[i].nr == sys_nr(p))
			return &types_cache[i];
	xgrow(&types_cache, sizeof(*types_cache), &types_cap, ntypes_cache + 1);
	struct sys_types *t = &types_cache[ntypes_cache++];
	memset(t, 0, sizeof(*t));
	t->nr = sys_nr(p);
	t->n = -1;
	char ev[160];
	snprintf(ev, sizeof(ev), "sys_enter_%s", p->function);
	char *f = read_format(ev);
	if (!f)
		return t;
	t->n = 0;
	for (char *l = strstr(f, "field:"); l && t->n < MAXARGS; l = strstr(l + 1, "field:")) {
		char *e = strchr(l, ';');
		if (!e)
			break;
		char decl[160];
		snprintf(decl, sizeof(decl), "%.*s", (int)(e - l - 6), l + 6);
		/* the name is the last identifier; the type what is before it */
		char *nm = decl + strlen(decl);
		while (nm > decl && (nm[-1] == '_' || (nm[-1] >= 'a' && nm[-1] <= 'z') ||
				     (nm[-1] >= 'A' && nm[-1] <= 'Z') || (nm[-1] >= '0' && nm[-1] <= '9')))
			nm--;
		if (strncmp(nm, "common_", 7) == 0 || strcmp(nm, "__syscall_nr") == 0)
			continue;
		char *te = nm;
		while (te > decl && te[-1] == ' ')
			te--;
		*te = '\0';
		t->types[t->n++] = sys_type_text(decl);
	}
	free(f);
	return t;
}

/* args[]: entry, the call's arguments as its tracepoint format declares them (six uint64_t
 * without tracefs); return, one long, the return value (arg0 and arg1 both hold it, but
 * args[1] is out of range, as in dtrace). */
static int sys_args(struct pcat *cat, const struct dobj_probe *p, struct dtype_ctx *ctx,
		    bool listing, struct prov_args *a)
{
	(void)cat;
	(void)ctx;
	static const char *const ret[] = { "long" };
	static const char *const untyped[MAXARGS] = { "uint64_t", "uint64_t", "uint64_t",
						      "uint64_t", "uint64_t", "uint64_t" };
	if (is_return(p))
		return ktp_args(ret, 1, "", listing, a);
	const struct sys_types *t = entry_types(p);
	if (t->n < 0)
		return ktp_args(untyped, MAXARGS, "", listing, a);
	return ktp_args((const char *const *)t->types, t->n, "", listing, a);
}

/* the probe description's: the least of the provider's Evolving name, Private module and
 * Private / ISA function (dtrace -lv: Private / Private / Unknown) */
static const char *const sys_attrs[] = {
	"Private", "Private", "Unknown", "Private", "Private", "ISA",
};

const struct provider prov_syscall = {
	.name = "syscall",
	.match = sys_match,
	.populate = sys_populate,
	.args = sys_args,
	.prog_type = ktp_prog_type,
	.flags = ktp_flags,
	.cg_compile = sys_compile,
	.cg_prologue = sys_prologue,
	.cg_arg = sys_arg,
	.cg_epid = sys_epid,
	.cg_probe_id = sys_probe_id,
	.cg_probe_name = sys_probe_name,
	.kstack_own = sys_kstack_own,
	.attach = sys_attach,
	.cg_errno = sys_errno,
	.list_attrs = sys_attrs,
};
