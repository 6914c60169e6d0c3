/* sdt.c — the sdt provider: the kernel's trace events as DTrace for Linux's sdt provider names
 * them, sdt:GROUP::NAME (sdt:task::task_rename), on perf trace events
 * (BPF_PROG_TYPE_TRACEPOINT programs).
 *
 * Probes: one per event tracefs lists (tracefs.h: read without leaving tracefs mounted) but
 * those of groups that are not the kernel's static events (sdt_group), made
 * in the builtin catalog as descriptions name them, as fbt's and rawtp's are. A probe's data
 * (dobj_probe.data) is its event's format (struct tracefs_format, tracefs.h's for good).
 *
 * Arguments: the event record's fields, in its format's order (the common_* header left out),
 * as the event's own TP_printk sees them (where rawtp gives the tracepoint's raw arguments):
 *   - an integer: its value, sign-extended when the format says signed, typed as declared
 *     (pid_t, unsigned long ...; a type D cannot spell is an integer of its size);
 *   - an array: the array (TYPE [N], as dtrace -lv types it; char [16] prints as a string
 *     with %s and stringof()), its value the address of a copy in clause scratch, a char
 *     array's NUL-terminated;
 *   - a __data_loc string: `string`, a copy in clause scratch (dtrace types it u32 or
 *     char [0], the record's offset word or nothing: a string is what a script can use);
 *   - a pointer: its value, typed as declared when D can spell it, else uintptr_t (a user
 *     pointer, such as openat's filename, is read with copyinstr()).
 * arg0..argN are the same values. */
#include <linux/bpf.h>
#include <stdlib.h>
#include <string.h>

#include "attach.h"
#include "bprobes.h"
#include "cg_clause.h"
#include "ktp.h"
#include "pcat.h"
#include "provider.h"
#include "tracefs.h"
#include "util.h"

struct want {
	const struct probedesc *d;
	const char **groups, **names;
	size_t n, cap;
};

/* Whether events of this group are sdt probes. DTrace for Linux's sdt provider is the
 * kernel's own trace events as tracefs's available_events lists them, less the groups other
 * providers or tracers make (dtrace -l -P sdt): syscalls (the syscall provider's), kprobes
 * and uprobes (dynamic events anyone adds), dt_pid and dt_PID_NAME (DTrace's own uprobe
 * events, left behind by a dtrace that was killed); and the ftrace group, whose directories
 * describe the ring buffer's internal records (function, print, ...), is not in that list. */
static bool sdt_group(const char *group)
{
	static const char *const others[] = { "syscalls", "kprobes", "uprobes", "dt_pid", "ftrace" };
	for (size_t i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		if (strcmp(group, others[i]) == 0)
			return false;
	if (strncmp(group, "dt_", 3) == 0) {
		const char *p = group + 3;
		while (*p >= '0' && *p <= '9')
			p++;
		if (p > group + 3 && *p == '_')
			return false;
	}
	return true;
}

static void want_event(const char *group, const char *name, void *arg)
{
	struct want *w = arg;
	if (!sdt_group(group))
		return;
	if ((*w->d->mod && !probedesc_glob(w->d->mod, group, false)) ||
	    (*w->d->name && !probedesc_glob(w->d->name, name, false)))
		return;
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 16;
		w->groups = xrealloc(w->groups, w->cap * sizeof(*w->groups));
		w->names = xrealloc(w->names, w->cap * sizeof(*w->names));
	}
	w->groups[w->n] = group;
	w->names[w->n++] = name;
}

static bool in_catalog(const struct bprobes *c, const char *group, const char *name)
{
	for (size_t i = 0; i < c->n; i++)
		if (c->probes[i].prov == &prov_sdt && strcmp(c->probes[i].name, name) == 0 &&
		    strcmp(c->probes[i].module, group) == 0)
			return true;
	return false;
}

static int sdt_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
		     int nbefore)
{
	(void)nbefore;
	if (id != 0)
		return pcat_match_builtin(cat, &prov_sdt, d, id, clause);
	if (!probedesc_match_provider(d->prov, "sdt", 0) || (*d->func && !probedesc_glob(d->func, "", false)))
		return 0;
	struct want w = { d, NULL, NULL, 0, 0 };
	if (*d->name && !probedesc_is_glob(d->name)) {
		const char *group = tracefs_event_group(d->name);
		if (group)
			want_event(group, d->name, &w);
	} else {
		tracefs_events(want_event, &w);
	}
	/* formats in one pass; an event whose format cannot be read is no probe */
	tracefs_read_formats(w.groups, w.names, w.n);
	for (size_t i = 0; i < w.n; i++) {
		const struct tracefs_format *f = tracefs_format(w.groups[i], w.names[i]);
		if (f && !in_catalog(&cat->builtin, w.groups[i], w.names[i]))
			bprobes_add(&cat->builtin, &prov_sdt, w.groups[i], "", w.names[i],
				    DOBJ_PROBE_KERNEL)->data = f;
	}
	free(w.groups);
	free(w.names);
	return pcat_match_builtin(cat, &prov_sdt, d, 0, clause);
}

static const struct tracefs_field *field_of(const struct dobj_probe *p, int i)
{
	const struct tracefs_format *f = p->data;
	return i >= 0 && i < f->nfields ? &f->fields[i] : NULL;
}

static bool is_char(const char *type)
{
	return strcmp(type, "char") == 0 || strcmp(type, "unsigned char") == 0 ||
	       strcmp(type, "signed char") == 0 || strcmp(type, "const char") == 0;
}

static int sdt_prog_type(const struct dobj_probe *p)
{
	(void)p;
	return BPF_PROG_TYPE_TRACEPOINT;
}

/* R3 = the record's address plus the offset in R0 (or `off` when R0 is not used). */
static void record_addr(struct cgc *c, bool reg, int off)
{
	cgc_emit(c, bi_mov64_reg(3, CG_R_CTX));
	if (reg)
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, 0));
	else if (off)
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 3, off));
}

static void sdt_arg(struct cgc *c, int i)
{
	const struct tracefs_field *f = field_of(c->probe, i);
	if (!f) {
		cgc_emit(c, bi_mov64_imm(0, 0));
		return;
	}
	bool str = f->data_loc || (f->array && is_char(f->type));
	if (str || f->array) {
		/* a copy in clause scratch: strings up to strsize, arrays whole */
		uint32_t len = str ? c->g.strsize : (uint32_t)f->size;
		if (!str && len > 512)
			len = 512;
		uint32_t dst = cgc_persist_alloc(c, cgc_round8(len ? len : 8));
		if (f->data_loc) {
			/* u32: the bytes' offset in the record, their length above */
			cgc_emit(c, bi_ldx(BPF_W, 0, CG_R_CTX, (int16_t)f->offset));
			cgc_emit(c, bi_alu64_imm(BPF_AND, 0, 0xffff));
			record_addr(c, true, 0);
		} else {
			record_addr(c, false, f->offset);
			if (str && (uint32_t)f->array + 1 < len)
				len = (uint32_t)f->array + 1;   /* the array's chars, NUL-terminated */
		}
		cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)dst));
		cgc_emit(c, bi_mov64_imm(2, (int32_t)len));
		cgc_emit(c, bi_call(str ? BPF_FUNC_probe_read_kernel_str : BPF_FUNC_probe_read_kernel));
		cgc_emit(c, bi_ldx(BPF_DW, 0, CG_R_SCRATCH, CGC_SCR_BASE));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, (int32_t)dst));
		return;
	}
	int size = f->size;
	if ((size == 1 || size == 2 || size == 4 || size == 8) && f->offset % size == 0) {
		cgc_emit(c, bi_ldx(cgc_bpf_size(size), 0, CG_R_CTX, (int16_t)f->offset));
	} else {
		/* an odd size or place: through the stack */
		int16_t s = cgc_slot_push(c);
		cgc_emit(c, bi_st(BPF_DW, 10, s, 0));
		record_addr(c, false, f->offset);
		cgc_emit(c, bi_mov64_reg(1, 10));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, s));
		cgc_emit(c, bi_mov64_imm(2, size > 8 ? 8 : size));
		cgc_emit(c, bi_call(BPF_FUNC_probe_read_kernel));
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, s));
		cgc_slot_pop(c);
	}
	if (f->is_signed && size < 8) {
		cgc_emit(c, bi_alu64_imm(BPF_LSH, 0, 64 - 8 * size));
		cgc_emit(c, bi_alu64_imm(BPF_ARSH, 0, 64 - 8 * size));
	}
}

/* A perf tracepoint's stack starts where the event fired (the kernel saves the registers
 * there), but under the event's iterator when the tracepoint has several callbacks (other
 * tracers, or our own raw tracepoint programs on the same event): that frame is left out. */
static void sdt_kstack_own(const struct dobj_probe *p, struct prov_kstack *k)
{
	static const char *const prefixes[] = { "__traceiter_", NULL };
	const char *tp = p->name;
	ktp_kstack_handlers(prefixes, &tp, 1, k);
}

static int sdt_attach(struct prov_run *r, struct dobj_prog *p)
{
	const struct dobj_probe *pr = &r->o->probes[p->probe];
	char err[512];
	if (attach_trace_event(r->set, p->fd, ((const struct tracefs_format *)pr->data)->id, err,
			       sizeof(err)) == 0)
		return 0;
	util_warn("failed to enable probe %u (%s:%s:%s:%s): %s", pr->id, pr->provider, pr->module,
		  pr->function, pr->name, err);
	return -1;
}

/* Field type text as dtrace -lv spells it: without qualifiers and address-space words
 * ("const void*" is "void *", "void __seg_gs *" too), one space before each '*'. */
static void put_type_text(struct strbuf *b, const char *t)
{
	static const char *const dropped[] = { "const", "volatile", "__seg_gs", "__seg_fs",
					       "__user", "__rcu", "__percpu", "__iomem", NULL };
	bool any = false;
	while (*t) {
		if (*t == ' ') {
			t++;
			continue;
		}
		if (*t == '*') {
			strbuf_puts(b, any ? " *" : "*");
			any = true;
			for (t++; *t == '*'; t++)
				strbuf_puts(b, "*");
			continue;
		}
		size_t n = strcspn(t, " *");
		bool drop = false;
		for (int i = 0; dropped[i] && !drop; i++)
			drop = strlen(dropped[i]) == n && strncmp(t, dropped[i], n) == 0;
		if (!drop) {
			if (any)
				strbuf_puts(b, " ");
			strbuf_printf(b, "%.*s", (int)n, t);
			any = true;
		}
		t += n;
	}
}

/* The type text of field x, made once per field and kept (the caller keeps the text):
 * TYPE [N] for an array. */
static const char *field_type(const struct tracefs_field *x)
{
	static struct { const struct tracefs_field *f; char *text; } *made;
	static size_t nmade, cap;
	for (size_t i = 0; i < nmade; i++)
		if (made[i].f == x)
			return made[i].text;
	struct strbuf b = { 0 };
	put_type_text(&b, x->type);
	if (x->array)
		strbuf_printf(&b, " [%d]", x->array);
	xgrow(&made, sizeof(*made), &cap, nmade + 1);
	made[nmade].f = x;
	made[nmade].text = b.s ? b.s : xstrdup("");
	return made[nmade++].text;
}

/* The declared types as text, parsed by ktp_args (one D cannot spell becomes an integer of its
 * size). */
static int sdt_args(struct pcat *cat, const struct dobj_probe *p, struct dtype_ctx *ctx,
		    bool listing, struct prov_args *a)
{
	(void)cat;
	(void)ctx;
	const struct tracefs_format *f = p->data;
	const char **types = xcalloc((size_t)f->nfields + 1, sizeof(*types));
	int n = 0;
	for (; n < f->nfields; n++) {
		const struct tracefs_field *x = &f->fields[n];
		types[n] = x->data_loc ? "string" : field_type(x);
	}
	int rc = ktp_args(types, n, "", listing, a);
	free(types);
	return rc;
}

/* Listing: the tracepoints d selects, the provider named or not (dtrace -l -n sched_switch
 * lists sdt's and rawtp's; a plain -l, every one). */
static void sdt_list_provide(struct pcat *cat, const struct probedesc *d)
{
	sdt_match(cat, d, 0, -1, 0);
}

static const char *const sdt_attrs[] = {
	"Private", "Private", "Unknown", "Private", "Private", "ISA",
};

const struct provider prov_sdt = {
	.name = "sdt",
	.match = sdt_match,
	.args = sdt_args,
	.list_provide = sdt_list_provide,
	.prog_type = sdt_prog_type,
	.flags = ktp_flags,
	.cg_prologue = ktp_prefilter,
	.cg_arg = sdt_arg,
	.kstack_own = sdt_kstack_own,
	.attach = sdt_attach,
	.list_attrs = sdt_attrs,
};
