/* pid_prov.c — the pid provider: probes on the entry, the return and any instruction of any
 * function of a process, with no change to the program (DTrace's pid provider).
 *
 * A description names the process (`pid1234`, what `pid$target` and `pid$1` expand to; a glob
 * such as `p*d1234` too), a module (the object's basename; `a.out` is the executable; `libc`
 * and `libc.so` name `libc.so.6`, as in dtrace; globs), a function (a glob over the object's
 * .symtab and .dynsym functions, elf_funcs.h) and a name: `entry`, `return`, or a hexadecimal
 * instruction offset in the function (`main:4`); a glob or an empty name matches entry, return
 * and every instruction offset. Probes are made when described, as dtrace makes them, so a
 * process's functions are never enumerated for nothing.
 *
 * Each probe is one uprobe site served by the uprobe engine (uprobe.h): its spec gives the
 * arguments as the x86-64 System V ABI places them at a function's entry (rdi, rsi, rdx, rcx,
 * r8, r9, then the stack above the return address); a return probe is a uretprobe on the
 * function's entry whose arg1 is rax, and whose arg0 is the offset of the returning
 * instruction when the function has only one (a uretprobe does not say which ret ran), else 0
 * (what DTrace for Linux always gives). Aliases (several names at one address) are one probe,
 * named by the canonical alias.
 *
 * Errors, with dtrace's words (docs/pid.md): a function a non-glob module does not have, a
 * name that is neither entry, return nor an offset, an offset outside the function or inside
 * an instruction, the '-' function (absolute addresses) with a module other than a.out, a
 * process that cannot be read. -Z does not make them matches of nothing: they stay errors. */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dtype.h"
#include "dwarf_types.h"
#include "elf_funcs.h"
#include "pcat.h"
#include "pid_prov.h"
#include "plist.h"
#include "uprobe.h"
#include "usdt_prov.h"
#include "util.h"

/* Entry: the first six integer arguments in registers, the rest on the stack above the
 * return address. */
const char pid_entry_args[] = "8@%rdi 8@%rsi 8@%rdx 8@%rcx 8@%r8 8@%r9 8@8(%rsp) 8@16(%rsp) "
				 "8@24(%rsp) 8@32(%rsp)";

/* Whether a (non-glob) module name names object basename `base`: the name itself, or the name
 * with its ".so" and version parts left off ("libc" and "libc.so" name "libc.so.6"). */
static bool module_prefix(const char *pat, const char *base)
{
	size_t n = strlen(pat);
	if (strncmp(pat, base, n) != 0 || base[n] != '.')
		return false;
	for (const char *s = base + n; *s;) {
		if (*s != '.')
			return false;
		s++;
		if (strncmp(s, "so", 2) == 0 && (s[2] == '.' || s[2] == '\0')) {
			s += 2;
			continue;
		}
		if (*s < '0' || *s > '9')
			return false;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return true;
}

bool pid_module_match(const char *pat, const char *base, bool is_exe)
{
	if (!*pat)
		return true;
	if (is_exe && fnmatch(pat, "a.out", 0) == 0)
		return true;
	if (fnmatch(pat, base, 0) == 0)
		return true;
	return strpbrk(pat, "*?[") == NULL && module_prefix(pat, base);
}

/* A probe name that is an instruction offset: hexadecimal digits (dtrace writes them without
 * 0x; with it is accepted too). */
static bool parse_offset(const char *name, uint64_t *off)
{
	const char *s = name;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	if (!*s || strlen(s) > 16)
		return false;
	uint64_t v = 0;
	for (; *s; s++) {
		int d = *s >= '0' && *s <= '9' ? *s - '0' : *s >= 'a' && *s <= 'f' ? *s - 'a' + 10
			: *s >= 'A' && *s <= 'F' ? *s - 'A' + 10 : -1;
		if (d < 0)
			return false;
		v = v * 16 + (uint64_t)d;
	}
	*off = v;
	return true;
}

struct elf_funcs *pid_file_funcs(struct uprov *u, int fi, const struct proc_object *o)
{
	struct uprov_file *f = &u->files[fi];
	if (!f->funcs && !f->funcs_err) {
		char err[512];
		if (elf_funcs_open(o->open_path, &f->funcs, err, sizeof(err)) != 0)
			f->funcs_err = xstrdup(err);
	}
	return f->funcs;
}

/* The pid probe `name` at fn + off of file fi for process pid (a uretprobe on the entry when
 * ret, its arg0 ret_off), found or made, named function; clause added to it. Its one site
 * uses the probe's own strings. */
static void pid_probe(struct uprov *u, int fi, pid_t pid, const struct elf_func *fn,
		      const char *function, const char *name, uint64_t off, bool ret,
		      int64_t ret_off, int clause)
{
	char prov[32];
	snprintf(prov, sizeof(prov), "pid%d", (int)pid);
	struct uprov_probe *p = uprov_probe_get(u, &prov_pid, fi, pid, NULL, prov, function, name,
						ret);
	if (!p->own) {
		struct usdt_site *s = xcalloc(1, sizeof(*s));
		s->provider = (char *)"pid";
		s->name = p->name;
		s->function = p->function;
		s->pc = fn->addr + off;
		s->pc_off = fn->off + off;
		char *args = ret ? xasprintf("-8@$%lld 8@%%rax", (long long)ret_off)
				 : xstrdup(pid_entry_args);
		s->nargs = usdt_args_parse(args, &s->args, &s->nbadargs);
		free(args);
		p->own = s;
		p->func_addr = fn->addr;
	}
	uprov_probe_add_clause(u, p, clause);
}

/* Whether the kernel will put a uprobe on the instruction at fn + off: such a site would make
 * it refuse the whole link (elf_x86_uprobe_refuses). From the decoded instructions when there
 * are some, else from the file; unreadable bytes are left for the kernel to judge. */
static bool site_placeable(const struct elf_funcs *ef, const struct elf_func *fn, uint64_t off,
			   const struct elf_insns *in)
{
	long k = in ? elf_insns_index(in, off) : -1;
	if (k >= 0)
		return !in->refused[k];
	unsigned char b[15];
	char err[256];
	int n = elf_funcs_read(ef, fn, off, b, sizeof(b), err, sizeof(err));
	return n <= 0 || !elf_x86_uprobe_refuses(b, (size_t)n);
}

/* Where an entry (or return) probe of fn goes: on the 5-byte nop after a leading endbr64 when
 * there is one (-pg -mfentry -mnop-mcount -fcf-protection), which the kernel can turn into a
 * call instead of a trap; endbr64 changes no state, so the nop sees the entry state. At the
 * function's first instruction otherwise (where a nop5, if any, is optimised anyway). A call
 * written at entry is safe: nothing of the function lives below %rsp yet. */
uint64_t pid_entry_off(const struct elf_funcs *ef, const struct elf_func *fn)
{
	unsigned char b[9];
	char err[256];
	int n = elf_funcs_read(ef, fn, 0, b, sizeof(b), err, sizeof(err));
	return n > 0 ? elf_x86_entry_site(b, (size_t)n, fn->addr) : 0;
}

/* Whether a probe at fn + off (not the entry) would harm the program: its instruction is a
 * 5-byte nop (compilers pad loops with them), which a kernel that optimises uprobes (6.18+)
 * turns into a call, and the call pushes below %rsp, over the red zone a leaf function may
 * keep its locals in. Safe when the nop is an sdt.h site, %rsp lowered before it. */
static bool site_harms_red_zone(const struct elf_funcs *ef, const struct elf_func *fn,
				uint64_t off)
{
	unsigned char b[12 + 5];
	char err[256];
	uint64_t k = off < 12 ? off : 12;
	int n = elf_funcs_read(ef, fn, off - k, b, (size_t)k + 5, err, sizeof(err));
	if (n < (int)k + 5 || !elf_x86_uprobe_optimizable(b + k, 5, fn->addr + off))
		return false;
	return !elf_x86_site_rsp_lowered(b, (size_t)k);
}

/* The probe `name` at offset off of fn (named by its canonical alias; an entry or return probe
 * at entry_off), unless the kernel would refuse its instruction or the probe would harm the
 * red zone: then it is counted for report_unplaced. Returns how many probes it made or found
 * (0 or 1). */
static int add_probe(struct uprov *u, int fi, pid_t pid, const struct elf_funcs *ef,
		     const struct elf_func *fn, const char *name, uint64_t off, bool ret,
		     const struct elf_insns *in, int clause)
{
	const struct elf_func *canon = elf_funcs_canonical(ef, fn);
	bool same = canon->addr == fn->addr && canon->size == fn->size;
	bool at_entry = ret || strcmp(name, "entry") == 0;
	if (at_entry)
		off = pid_entry_off(ef, canon);
	bool harms = !at_entry && off > 0 && off != pid_entry_off(ef, canon) &&
		     site_harms_red_zone(ef, canon, off);
	if (harms || !site_placeable(ef, canon, off, same ? in : NULL)) {
		u->nredzone += harms;
		if (u->nunplaced++ == 0) {
			char *first = xasprintf("pid%d:%s:%s:%s", (int)pid, u->files[fi].module,
						canon->display, name);
			free(u->first_unplaced);
			u->first_unplaced = first;
		}
		return 0;
	}
	int64_t ret_off = 0;
	if (ret && in && in->complete && in->nrets == 1)
		ret_off = (int64_t)in->rets[0];
	pid_probe(u, fi, pid, canon, canon->display, name, off, ret, ret_off, clause);
	return 1;
}

/* `pid$target:a.out:-:ADDR`: a probe at a link-time address of the executable, named by it,
 * inside a function whose instructions it must start one of. */
static int match_address(struct uprov *u, const struct probedesc *d, pid_t pid, int fi,
			 const struct elf_funcs *ef, int clause, char *err, size_t errlen)
{
	uint64_t addr = 0;
	parse_offset(d->name, &addr);
	for (size_t i = 0; i < ef->n; i++) {
		const struct elf_func *fn = &ef->funcs[i];
		if (addr < fn->addr || addr >= fn->addr + fn->size)
			continue;
		struct elf_insns in = { 0 };
		char why[256];
		bool ok = elf_funcs_insn_offsets(ef, fn, &in, why, sizeof(why)) == 0 &&
			  elf_insns_has(&in, addr - fn->addr);
		elf_insns_free(&in);
		if (!ok) {
			util_seterr(err, errlen, "offset 0x%llx is not aligned on an instruction",
				    (unsigned long long)(addr - fn->addr));
			return -1;
		}
		char name[24];
		snprintf(name, sizeof(name), "%llx", (unsigned long long)addr);
		pid_probe(u, fi, pid, fn, "-", name, addr - fn->addr, false, 0, clause);
		return 1;
	}
	util_seterr(err, errlen, "address 0x%llx is in no function of %s", (unsigned long long)addr,
		    u->files[fi].module);
	return -1;
}

/* Whether fn starts without a call having pushed a return address: the object's entry point,
 * or a function without a ret or a tail call named as the C libraries name their signal
 * return trampolines (__restore_rt, __restore). in: fn's instructions, NULL if unknown. */
static bool entered_without_call(const struct elf_funcs *ef, const struct elf_func *fn,
				 const struct elf_insns *in)
{
	if (ef->entry && fn->addr == ef->entry)
		return true;
	bool no_ret = in && in->complete && in->nrets == 0 && in->ntails == 0;
	return no_ret && (strcmp(fn->name, "__restore_rt") == 0 || strcmp(fn->name, "__restore") == 0);
}

/* Match one description against one object of process pid. Returns probes matched, or -1
 * with the message in err. */
static int match_object(struct uprov *u, const struct probedesc *d, pid_t pid,
			const struct proc_object *o, int clause, int *nfuncs, char *err, size_t errlen)
{
	int fi = uprov_file_of(u, NULL, o);
	struct elf_funcs *ef = pid_file_funcs(u, fi, o);
	if (!ef)
		return 0;
	if (strcmp(d->func, "-") == 0) {
		int n = match_address(u, d, pid, fi, ef, clause, err, errlen);
		*nfuncs += n > 0;
		return n;
	}
	const char *fglob = *d->func ? d->func : "*";
	bool fn_is_glob = strpbrk(fglob, "*?[") != NULL;
	const char *nm = d->name;
	bool name_glob = !*nm || strpbrk(nm, "*?[") != NULL;
	uint64_t want_off = 0;
	bool is_off = !name_glob && parse_offset(nm, &want_off);
	if (!name_glob && !is_off && strcmp(nm, "entry") != 0 && strcmp(nm, "return") != 0) {
		util_seterr(err, errlen, "'%s' is an invalid probe name", nm);
		return -1;
	}
	int matched = 0;
	size_t pos = 0;
	const struct elf_func *fn;
	while ((fn = elf_funcs_next_match(ef, fglob, &pos)) != NULL) {
		/* compiler-made parts, IFUNC resolvers and size-less symbols only by exact name */
		if (fn_is_glob && (fn->suffixed || fn->ifunc || fn->size == 0))
			continue;
		(*nfuncs)++;
		if (fn->ifunc)
			util_warn("warning: %s in %s is an IFUNC: its probes are on the resolver, which "
				  "runs once when the object is loaded, not on the implementation it "
				  "picks", fn->display, u->files[fi].module);
		bool need_insns = name_glob || is_off || strcmp(nm, "return") == 0;
		struct elf_insns in = { 0 };
		bool have = false;
		if (need_insns && fn->size > 0) {
			char why[256];
			have = elf_funcs_insn_offsets(ef, fn, &in, why, sizeof(why)) == 0;
		}
		if (is_off) {
			if (want_off >= fn->size && !(want_off == 0 && fn->size == 0)) {
				util_seterr(err, errlen, "offset 0x%llx outside of function '%s'",
					    (unsigned long long)want_off, fn->display);
				elf_insns_free(&in);
				return -1;
			}
			if (want_off != 0 && (!have || !elf_insns_has(&in, want_off))) {
				util_seterr(err, errlen, "offset 0x%llx is not aligned on an instruction",
					    (unsigned long long)want_off);
				elf_insns_free(&in);
				return -1;
			}
			char name[24];
			snprintf(name, sizeof(name), "%llx", (unsigned long long)want_off);
			matched += add_probe(u, fi, pid, ef, fn, name, want_off, false, &in, clause);
			elf_insns_free(&in);
			continue;
		}
		if (!*nm || fnmatch(nm, "entry", 0) == 0)
			matched += add_probe(u, fi, pid, ef, fn, "entry", 0, false, &in, clause);
		/* every function has a return probe, as in dtrace (a uretprobe, set at the entry:
		 * one that never returns, `for (;;)` main or exit(), just never fires), but one
		 * that no call enters: the program's entry point (_start, whose stack holds argc
		 * where a return address would be) and a signal trampoline without a ret (the
		 * kernel's signal frame is there): a uretprobe would write over what the stack
		 * holds and harm the target (dtrace lists _start's and would) */
		if ((!*nm || fnmatch(nm, "return", 0) == 0) && !entered_without_call(ef, fn, have ? &in : NULL))
			matched += add_probe(u, fi, pid, ef, fn, "return", 0, true, have ? &in : NULL,
					     clause);
		if (name_glob && have) {
			for (size_t k = 0; k < in.n; k++) {
				char name[24];
				snprintf(name, sizeof(name), "%llx", (unsigned long long)in.offs[k]);
				if (!*nm || fnmatch(nm, name, 0) == 0)
					matched += add_probe(u, fi, pid, ef, fn, name, in.offs[k], false,
							     &in, clause);
			}
		}
		elf_insns_free(&in);
	}
	return matched;
}

bool pid_site_ok(const struct elf_funcs *ef, const struct elf_func *fn, uint64_t off,
		 const struct elf_insns *in)
{
	bool at_entry = off == pid_entry_off(ef, fn);
	return site_placeable(ef, fn, off, in) &&
	       (at_entry || off == 0 || !site_harms_red_zone(ef, fn, off));
}

/* Probes left out because the kernel would refuse their instruction: said once per match. */
static void report_unplaced(struct uprov *u)
{
	if (u->nunplaced == 0)
		return;
	/* why, after "left out: " */
	const char *why = u->nredzone == 0
		? "the kernel does not put uprobes on the instruction (a lock or segment prefix, "
		  "or a trap)"
		: u->nredzone == u->nunplaced
		? "the instruction is a 5-byte nop inside a function, which the kernel turns into a "
		  "call that writes below %rsp, over the red zone"
		: "the instruction is one the kernel does not put uprobes on (a lock or segment "
		  "prefix, or a trap), or a 5-byte nop inside a function, which the kernel turns "
		  "into a call that writes below %rsp, over the red zone";
	if (u->nunplaced == 1)
		util_warn("warning: probe %s is left out: %s", u->first_unplaced, why);
	else
		util_warn("warning: %d probes (%s and others) are left out: %s",
			  u->nunplaced, u->first_unplaced, why);
	u->nunplaced = 0;
	u->nredzone = 0;
	free(u->first_unplaced);
	u->first_unplaced = NULL;
}

bool pid_is_executable(pid_t pid, const struct proc_object *o)
{
	char path[64];
	struct stat st;
	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pid);
	return stat(path, &st) == 0 && st.st_dev == o->dev && st.st_ino == o->ino;
}

/* d against the objects of process pid (all of them, or those not seen before). */
static int match_process(struct uprov *u, const struct probedesc *d, pid_t pid,
			 const struct proc_maps *m, const bool *known, int clause, char *err,
			 size_t errlen)
{
	int matched = 0, objects = 0, nfuncs = 0;
	for (int k = 0; k < m->nobjs; k++) {
		const struct proc_object *o = &m->objs[k];
		if (known && known[k])
			continue;
		bool exe = pid_is_executable(pid, o);
		if (!pid_module_match(d->mod, o->module, exe) || (!exe && strcmp(d->func, "-") == 0))
			continue;
		objects++;
		int n = match_object(u, d, pid, o, clause, &nfuncs, err, errlen);
		if (n < 0)
			return -1;
		matched += n;
	}
	/* a module named exactly that the process has, without the function named exactly */
	bool glob_mod = !*d->mod || strpbrk(d->mod, "*?[") != NULL;
	bool glob_fn = !*d->func || strpbrk(d->func, "*?[") != NULL;
	if (nfuncs == 0 && objects > 0 && !glob_mod && !glob_fn) {
		util_seterr(err, errlen, "failed to lookup '%s' in module '%s'", d->func, d->mod);
		return -1;
	}
	return matched;
}

static bool pid_module_match_exe_only(const char *mod)
{
	return !*mod || strcmp(mod, "a.out") == 0;
}

static int pid_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
		     int nbefore)
{
	(void)nbefore;
	pid_t pid = uprov_desc_pid(d->prov);
	if (!id && strcmp(d->prov, "pid0") == 0) {
		/* `pid$target` with no target: dtrace refuses the pid, not the description */
		util_seterr(cat->err, sizeof(cat->err), "%s does not contain a valid pid", d->prov);
		return -1;
	}
	if (id || pid <= 0 || !probedesc_match_provider(d->prov, "pid", pid))
		return 0;
	if (strcmp(d->func, "-") == 0) {
		uint64_t addr;
		/* absolute addresses: dtrace allows them in the executable only */
		if (!pid_module_match_exe_only(d->mod)) {
			util_seterr(cat->err, sizeof(cat->err),
				    "only the a.out module is valid with the '-' function");
			return -1;
		}
		if (!parse_offset(d->name, &addr)) {
			util_seterr(cat->err, sizeof(cat->err), "only individual addresses may be "
				    "specified with the '-' function");
			return -1;
		}
	}
	if (pid == getpid()) {
		/* its own probes would fire as it prints what they record, without end */
		util_seterr(cat->err, sizeof(cat->err), "process %d is %s itself", (int)pid,
			    util_progname);
		return -1;
	}
	uprov_keep_desc(&cat->up, &prov_pid, d, clause);
	pcat_note_udesc(cat, &prov_pid, d, clause);
	struct proc_maps *m;
	if (proc_maps_read(pid, &m, NULL, 0) != 0) {
		util_seterr(cat->err, sizeof(cat->err), "failed to grab process %d", (int)pid);
		return -1;
	}
	int n = match_process(&cat->up, d, pid, m, NULL, clause, cat->err, sizeof(cat->err));
	proc_maps_free(m);
	report_unplaced(&cat->up);
	return n;
}

/* Objects process pid mapped since: a library it dlopen'ed, or what it exec'ed. A probe is per
 * process, so the objects seen for another process count as new here. */
static void pid_match_new(struct uprov *u, const struct uprov_desc *k, pid_t pid,
			  const struct proc_maps *m, const bool *known)
{
	(void)known;
	if (k->pid != pid)
		return;
	struct probedesc d = { k->prov, k->mod, k->func, k->name };
	char err[512];
	if (match_process(u, &d, pid, m, NULL, k->clause, err, sizeof(err)) < 0)
		util_warn("warning: %s", err);
	report_unplaced(u);
}

/* At entry and at an instruction, the function's parameters; at return, arg0 the returning
 * instruction's offset and arg1 the function's return type: from the function's DWARF. */
static struct dtype **dwarf_types(const struct uprov *u, const struct uprov_probe *p,
				    struct dtype_ctx *ctx, struct dwt_cache *dw, int *nargs)
{
	const char *why = NULL;
	struct dwt_file *f = dwt_cache_get(dw, u->files[p->file].path, &why);
	struct dtype *fty = NULL;
	char err[512];
	if (!f || dwt_func_params(f, ctx, p->function, p->func_addr, &fty, err, sizeof(err)) != 1 ||
	    !fty)
		return NULL;
	if (p->ret) {
		struct dtype **types = xcalloc(3, sizeof(*types));
		types[0] = ctx->t_long;
		types[1] = fty->base && fty->base->kind != DTY_VOID ? fty->base : ctx->t_ulong;
		*nargs = 2;
		return types;
	}
	int n = fty->nparams < 10 ? fty->nparams : 10;
	/* argN is the Nth integer register (or stack word); a floating-point parameter (in an
	 * %xmm register, which uprobes do not save) or a record passed by value would put the
	 * typed args[] out of step with them: such a function keeps the untyped arguments */
	for (int k = 0; k < fty->nparams; k++) {
		const struct dtype *r = dtype_resolve(fty->params[k]);
		if (r && (r->kind == DTY_FLOAT || r->kind == DTY_DOUBLE || r->kind == DTY_LDOUBLE ||
			  r->kind == DTY_STRUCT || r->kind == DTY_UNION))
			return NULL;
	}
	struct dtype **types = xcalloc((size_t)n + 1, sizeof(*types));
	for (int k = 0; k < n; k++)
		types[k] = fty->params[k];
	*nargs = n;
	return types;
}

/* DWARF's types when the object has them, else the arguments' native types (uint64_t). */
static int pid_args(struct pcat *cat, const struct dobj_probe *p, struct dtype_ctx *ctx,
		    bool listing, struct prov_args *a)
{
	(void)listing;
	const struct uprov_probe *up = p->data;
	a->types = dwarf_types(&cat->up, up, ctx, &cat->dwarf, &a->nargs);
	if (!a->types)
		a->types = uprov_native_types(&cat->up, up, ctx, &a->nargs);
	return 0;
}

/* -l: the probes of the descriptions that name a process (pid1234, or pid$target with -c/-p),
 * made in the uprobe table through the provider's own matching, as the tracer makes them: a
 * process's functions are listed only when described (dtrace's rule). Returns 0, or 1 when a
 * description is in error (the message printed). */
static bool names_process(const struct plist_desc *d)
{
	return uprov_desc_pid(d->pd.prov) > 0;
}

static int pid_list(struct plist *L)
{
	return plist_match_descs(L, names_process, pid_match);
}

/* -l's line of pid probe p and, with -v, dtrace's blocks and where its uprobe goes (not in
 * dtrace): the address, and whether the kernel traps there or can call its trampoline. */
static void pid_list_probe(struct plist *L, const struct dobj_probe *p)
{
	plist_line(L, p->id, p->provider, p->module, p->function, p->name);
	if (!L->verbose)
		return;
	plist_verbose(L, p);
	const struct uprov_probe *up = p->data;
	const struct usdt_site *s = uprov_site(&L->cat.up, up, 0);
	if (s) {
		fputs("\n\tProbe Site\n", L->out);
		fprintf(L->out, "\t\t%#llx (file offset %#llx)\n", (unsigned long long)s->pc,
			(unsigned long long)s->pc_off);
		plist_site_how(L, L->cat.up.files[up->file].path, s->pc_off, s->pc,
			       s->pc - up->func_addr, false);
	}
	fputc('\n', L->out);
}

static const char *const pid_attrs[] = {
	"Unstable", "Unstable", "Common", "Unstable", "Unstable", "Common",
};

const struct provider prov_pid = {
	.name = "pid",
	.match = pid_match,
	.match_new = pid_match_new,
	.args = pid_args,
	UPROBE_ENGINE_HOOKS,
	.list = pid_list,
	.list_probe = pid_list_probe, /* made because a description selected it: always listed */
	.list_attrs = pid_attrs,
};
