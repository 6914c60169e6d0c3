/* prov_dof.c — see prov_dof.h. Three steps: find and rewrite the probe calls of the program's
 * objects (rewrite_object), lay out the DOF of the sites found (dof_build), write the object
 * that carries it with libelf (write_dof_object), then `ld -r` it with the registration code. */
#include "prov_dof.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dof_format.h"
#include "prov_header.h"
#include "prov_object.h"
#include "usdt_typenote.h"
#include "util.h"

extern char **environ;

/* A probe function's name in the objects: "__dtrace_prov___probe" / "__dtraceenabled_...". */
struct probe_ref {
	char *sym;
	int prov, probe;
	bool enabled;
};

/* A function holding sites, and the alias the DOF's relocation names. */
struct dfunc {
	int obj;
	size_t symidx;
	char *name;           /* as in the object's symbol table */
	char *alias;
	uint64_t value;       /* offset of the function in its section */
};

struct dsite {
	int prov, probe;
	bool enabled;
	size_t func;          /* index in funcs */
	uint64_t off;         /* from the function's start */
};

struct state {
	const struct dprog *g;
	struct probe_ref *refs;
	size_t nrefs;
	struct dfunc *funcs;
	size_t nfuncs, funcs_cap;
	struct dsite *sites;
	size_t nsites, sites_cap;
	char key[24];
	struct derr *err;
};

static int ref_cmp(const void *a, const void *b)
{
	return strcmp(((const struct probe_ref *)a)->sym, ((const struct probe_ref *)b)->sym);
}

static void make_refs(struct state *st)
{
	size_t cap = 0;
	for (int i = 0; i < st->g->nprovs; i++)
		for (int j = 0; j < st->g->provs[i].nprobes; j++)
			for (int en = 0; en < 2; en++) {
				xgrow(&st->refs, sizeof(*st->refs), &cap, st->nrefs + 1);
				st->refs[st->nrefs++] = (struct probe_ref){
					prov_dof_func_name(st->g->provs[i].name, st->g->provs[i].probes[j].name, en),
					i, j, en };
			}
	if (st->nrefs)
		qsort(st->refs, st->nrefs, sizeof(*st->refs), ref_cmp);
}

/* ---- step 1: the program's objects ---- */

/* The function of symbol table `symd` (nsyms entries) containing byte `off` of section `shndx`:
 * a sized STT_FUNC; among aliases a global one. SIZE_MAX if none. */
static size_t function_at(Elf_Data *symd, size_t nsyms, size_t shndx, uint64_t off)
{
	size_t best = SIZE_MAX;
	int best_bind = -1;
	for (size_t i = 1; i < nsyms; i++) {
		GElf_Sym s;
		if (!gelf_getsym(symd, (int)i, &s) || GELF_ST_TYPE(s.st_info) != STT_FUNC ||
		    s.st_shndx != shndx || off < s.st_value || off - s.st_value >= s.st_size)
			continue;
		int bind = GELF_ST_BIND(s.st_info) == STB_GLOBAL ? 2 : GELF_ST_BIND(s.st_info) == STB_WEAK;
		if (bind > best_bind) {
			best = i;
			best_bind = bind;
		}
	}
	return best;
}

static size_t add_func(struct state *st, int obj, size_t symidx, const char *name, uint64_t value)
{
	for (size_t i = 0; i < st->nfuncs; i++)
		if (st->funcs[i].obj == obj && st->funcs[i].symidx == symidx)
			return i;
	xgrow(&st->funcs, sizeof(*st->funcs), &st->funcs_cap, st->nfuncs + 1);
	st->funcs[st->nfuncs] = (struct dfunc){ obj, symidx, xstrdup(name),
		xasprintf("__usdtrace_dof.%s.%zu.%s", st->key, st->nfuncs, name), value };
	return st->nfuncs++;
}

/* Append a hidden global alias for each function of object `obj` found in this pass
 * (funcs[first..]) to its symbol table: new data blocks at the end of .symtab and .strtab,
 * so no existing symbol index or string offset moves. */
static int add_aliases(struct state *st, Elf *e, Elf_Scn *symscn, size_t first, const char *path,
		       void **keep)
{
	if (first == st->nfuncs)
		return 0;
	GElf_Shdr symsh, strsh;
	Elf_Scn *strscn;
	if (!gelf_getshdr(symscn, &symsh) || !(strscn = elf_getscn(e, symsh.sh_link)) ||
	    !gelf_getshdr(strscn, &strsh))
		return derr_set(st->err, DTAG_NONE, "%s: cannot read its symbol table: %s", path,
				elf_errmsg(-1));
	size_t n = st->nfuncs - first;
	struct strbuf names = {0};
	Elf64_Sym *syms = xcalloc(n, sizeof(*syms));
	for (size_t i = 0; i < n; i++) {
		const struct dfunc *f = &st->funcs[first + i];
		GElf_Sym orig;
		if (!gelf_getsym(elf_getdata(symscn, NULL), (int)f->symidx, &orig)) {
			free(syms);
			strbuf_free(&names);
			return derr_set(st->err, DTAG_NONE, "%s: cannot read symbol %zu: %s", path,
					f->symidx, elf_errmsg(-1));
		}
		syms[i].st_name = (uint32_t)(strsh.sh_size + names.len);
		strbuf_add(&names, f->alias, strlen(f->alias) + 1);
		syms[i].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
		syms[i].st_other = STV_HIDDEN;
		syms[i].st_shndx = orig.st_shndx;
		syms[i].st_value = orig.st_value;
		syms[i].st_size = orig.st_size;
	}
	Elf_Data *sd = elf_newdata(strscn), *yd = sd ? elf_newdata(symscn) : NULL;
	if (!yd) {
		free(syms);
		strbuf_free(&names);
		return derr_set(st->err, DTAG_NONE, "%s: cannot extend its symbol table: %s", path,
				elf_errmsg(-1));
	}
	sd->d_size = names.len;
	sd->d_buf = keep[0] = strbuf_take(&names);   /* libelf reads it until elf_end */
	sd->d_type = ELF_T_BYTE;
	sd->d_align = 1;
	sd->d_version = EV_CURRENT;
	yd->d_buf = keep[1] = syms;
	yd->d_size = n * sizeof(*syms);
	yd->d_type = ELF_T_SYM;
	yd->d_align = 8;
	yd->d_version = EV_CURRENT;
	return 0;
}

/* A probe call becomes one 5-byte nop, which this kernel turns into a call to its uprobe
 * trampoline instead of an int3 trap (docs/sdt-sites.md). That call is safe here where a nop5
 * elsewhere is not: the site was a call, which pushes below %rsp, so the compiler keeps nothing
 * live in the red zone across it. A tail call keeps its return (RET_NOPS): a trap. */
static const unsigned char NOPS[5] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
static const unsigned char RET_NOPS[5] = { 0xc3, 0x90, 0x90, 0x90, 0x90 };

/* One relocation of a code section that may be a probe call: rewrite it, record the site.
 * 0 (a site or not one), -1 after an error. */
static int probe_call(struct state *st, int obj, const char *path, Elf *e, Elf_Data *symd,
		      size_t nsyms, size_t strndx, Elf_Data *rd, int ri, Elf_Data *td, size_t tndx,
		      const char *tname, bool *changed)
{
	GElf_Rela r;
	GElf_Sym s;
	if (!gelf_getrela(rd, ri, &r))
		return derr_set(st->err, DTAG_NONE, "%s: bad relocation: %s", path, elf_errmsg(-1));
	size_t symidx = GELF_R_SYM(r.r_info);
	uint32_t type = (uint32_t)GELF_R_TYPE(r.r_info);
	if (symidx == 0 || symidx >= nsyms || !gelf_getsym(symd, (int)symidx, &s))
		return 0;
	const char *name = elf_strptr(e, strndx, s.st_name);
	if (!name || strncmp(name, "__dtrace", 8) != 0)
		return 0;
	struct probe_ref key = { .sym = (char *)name }, *ref;
	ref = st->nrefs ? bsearch(&key, st->refs, st->nrefs, sizeof(*st->refs), ref_cmp) : NULL;
	if (!ref) {
		if (strncmp(name, "__dtrace_", 9) == 0 || strncmp(name, "__dtraceenabled_", 16) == 0)
			return derr_set(st->err, DTAG_NONE, "%s: %s calls %s, which names no probe of "
					"the provider file", path, tname, name);
		return 0;
	}
	if (s.st_shndx != SHN_UNDEF)
		return derr_set(st->err, DTAG_NONE, "%s: defines %s itself: it must stay undefined "
				"for -G to find the probe's calls", path, name);
	if (r.r_offset < 1 || r.r_offset > td->d_size || td->d_size - r.r_offset < 4)
		return derr_set(st->err, DTAG_NONE, "%s: %s+%#llx: relocation of %s outside the "
				"section", path, tname, (unsigned long long)r.r_offset, name);
	unsigned char *ip = (unsigned char *)td->d_buf + r.r_offset - 1;
	uint64_t site = r.r_offset - 1;
	bool call = type == R_X86_64_PLT32 || type == R_X86_64_PC32;
	if (ref->enabled) {
		if (!call || ip[0] != 0xe8)
			return derr_set(st->err, DTAG_NONE, "%s: %s+%#llx: the reference to %s is not a "
					"call", path, tname, (unsigned long long)site, name);
	} else if (call && (ip[0] == 0xe8 || ip[0] == 0xe9)) {
		/* A tail call returns from the function: keep the return. The relocation is
		 * cancelled and names no symbol, or the linker would still want the function. */
		memcpy(ip, ip[0] == 0xe8 ? NOPS : RET_NOPS, 5);
		r.r_info = GELF_R_INFO(0, R_X86_64_NONE);
		r.r_addend = 0;
		if (!gelf_update_rela(rd, ri, &r))
			return derr_set(st->err, DTAG_NONE, "%s: cannot update a relocation: %s", path,
					elf_errmsg(-1));
		/* The probe function stays in the symbol table, now referenced by nothing: weak and
		 * hidden, so that no link (a shared object's users included) asks for it. */
		s.st_info = GELF_ST_INFO(STB_WEAK, GELF_ST_TYPE(s.st_info));
		s.st_other = STV_HIDDEN;
		if (!gelf_update_sym(symd, (int)symidx, &s))
			return derr_set(st->err, DTAG_NONE, "%s: cannot update a symbol: %s", path,
					elf_errmsg(-1));
		elf_flagdata(symd, ELF_C_SET, ELF_F_DIRTY);
		elf_flagdata(rd, ELF_C_SET, ELF_F_DIRTY);
		elf_flagdata(td, ELF_C_SET, ELF_F_DIRTY);
		*changed = true;
	} else {
		return derr_set(st->err, DTAG_NONE, "%s: %s+%#llx: the reference to %s is not a call "
				"(relocation type %u)", path, tname, (unsigned long long)site, name, type);
	}
	size_t fidx = function_at(symd, nsyms, tndx, site);
	GElf_Sym fs;
	const char *fname;
	if (fidx == SIZE_MAX || !gelf_getsym(symd, (int)fidx, &fs) ||
	    !(fname = elf_strptr(e, strndx, fs.st_name)) || !*fname)
		return derr_set(st->err, DTAG_NONE, "%s: %s+%#llx: the call to %s is in no function "
				"the symbol table sizes", path, tname, (unsigned long long)site, name);
	size_t f = add_func(st, obj, fidx, fname, fs.st_value);
	xgrow(&st->sites, sizeof(*st->sites), &st->sites_cap, st->nsites + 1);
	st->sites[st->nsites++] = (struct dsite){ ref->prov, ref->probe, ref->enabled, f,
		site - fs.st_value };
	return 0;
}

static int rewrite_object(struct state *st, int obj, const char *path)
{
	int fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return derr_set(st->err, DTAG_NONE, "failed to open %s: %s", path, strerror(errno));
	int ret = -1;
	bool changed = false;
	size_t first = st->nfuncs;
	void *keep[2] = { NULL, NULL };
	Elf *e = elf_begin(fd, ELF_C_RDWR, NULL);
	GElf_Ehdr eh;
	if (!e || !gelf_getehdr(e, &eh)) {
		derr_set(st->err, DTAG_NONE, "%s: cannot read it as ELF: %s", path, elf_errmsg(-1));
		goto out;
	}
	if (eh.e_machine != EM_X86_64) {
		derr_set(st->err, DTAG_NONE, "%s: -x dof writes probe sites of x86-64 objects only "
			 "(machine %u)", path, eh.e_machine);
		goto out;
	}
	Elf_Scn *scn = NULL, *symscn = NULL;
	GElf_Shdr sh;
	while ((scn = elf_nextscn(e, scn))) {
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB_SHNDX) {
			derr_set(st->err, DTAG_NONE, "%s: objects with extended section indexes are not "
				 "supported", path);
			goto out;
		}
		if (sh.sh_type == SHT_SYMTAB)
			symscn = scn;
	}
	if (!symscn) {
		ret = 0;      /* no symbols, no calls to rewrite */
		goto out;
	}
	GElf_Shdr symsh;
	Elf_Data *symd = elf_getdata(symscn, NULL);
	if (!gelf_getshdr(symscn, &symsh) || !symd || symsh.sh_entsize != sizeof(Elf64_Sym)) {
		derr_set(st->err, DTAG_NONE, "%s: bad symbol table", path);
		goto out;
	}
	size_t nsyms = symd->d_size / sizeof(Elf64_Sym), shstrndx;
	if (elf_getshdrstrndx(e, &shstrndx) != 0) {
		derr_set(st->err, DTAG_NONE, "%s: bad section headers: %s", path, elf_errmsg(-1));
		goto out;
	}
	scn = NULL;
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr rsh, tsh;
		Elf_Scn *target;
		if (!gelf_getshdr(scn, &rsh) || rsh.sh_type != SHT_RELA ||
		    rsh.sh_link != elf_ndxscn(symscn) || !(target = elf_getscn(e, rsh.sh_info)) ||
		    !gelf_getshdr(target, &tsh) || !(tsh.sh_flags & SHF_EXECINSTR) ||
		    tsh.sh_type != SHT_PROGBITS)
			continue;
		Elf_Data *rd = elf_getdata(scn, NULL), *td = elf_getdata(target, NULL);
		if (!rd || !td || !td->d_buf)
			continue;
		const char *tname = elf_strptr(e, shstrndx, tsh.sh_name);
		if (!tname)
			tname = "?";
		size_t n = rsh.sh_entsize ? rd->d_size / rsh.sh_entsize : 0;
		for (size_t i = 0; i < n; i++)
			if (probe_call(st, obj, path, e, symd, nsyms, symsh.sh_link, rd, (int)i, td,
				       elf_ndxscn(target), tname, &changed) < 0)
				goto out;
	}
	if (add_aliases(st, e, symscn, first, path, keep) < 0)
		goto out;
	if ((changed || first != st->nfuncs) && elf_update(e, ELF_C_WRITE) < 0) {
		derr_set(st->err, DTAG_NONE, "%s: cannot write it back: %s", path, elf_errmsg(-1));
		goto out;
	}
	ret = 0;
out:
	if (e)
		elf_end(e);
	close(fd);
	free(keep[0]);
	free(keep[1]);
	return ret;
}

/* ---- step 2: the DOF ---- */

static void put16(struct strbuf *b, size_t at, uint16_t v)
{
	b->s[at] = (char)v;
	b->s[at + 1] = (char)(v >> 8);
}
static void put32(struct strbuf *b, size_t at, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		b->s[at + (size_t)i] = (char)(v >> (8 * i));
}
static void put64(struct strbuf *b, size_t at, uint64_t v)
{
	put32(b, at, (uint32_t)v);
	put32(b, at + 4, (uint32_t)(v >> 32));
}
static size_t zeros(struct strbuf *b, size_t n)
{
	size_t at = b->len;
	for (size_t i = 0; i < n; i++)
		strbuf_putc(b, '\0');
	return at;
}
static void align(struct strbuf *b, size_t a)
{
	while (b->len % a)
		strbuf_putc(b, '\0');
}

/* A DOF section being built: its bytes go into the blob when the provider is done. */
struct dsec {
	uint32_t type, align, entsize;
	struct strbuf data;
};

static size_t str_add(struct strbuf *t, const char *s)
{
	size_t at = t->len;
	strbuf_add(t, s, strlen(s) + 1);
	return at;
}

static uint8_t stability(const char *s)
{
	static const char *const names[] = { "Internal", "Private", "Obsolete", "External",
					     "Unstable", "Evolving", "Stable", "Standard" };
	for (int i = 0; s && i < 8; i++)
		if (strcmp(s, names[i]) == 0)
			return (uint8_t)i;
	return 4;     /* Unstable */
}

static uint8_t depclass(const char *s)
{
	static const char *const names[] = { "Unknown", "CPU", "Platform", "Group", "ISA", "Common" };
	for (int i = 0; s && i < 6; i++)
		if (strcmp(s, names[i]) == 0)
			return (uint8_t)i;
	return 5;     /* Common */
}

/* The probe entries of the DOF (one per probe and function), in order, as prov_dof_write needs
 * them for the ELF relocations: the offset in the blob of each one's address field. */
struct dof_out {
	struct strbuf blob;
	size_t nrelocs;
	uint64_t *reloc_off;      /* offset of the address field in the blob */
	size_t *reloc_func;       /* funcs index */
};

static int dof_build(struct state *st, struct dof_out *out)
{
	const struct dprog *g = st->g;
	struct dsec *secs = NULL;
	size_t nsecs = 0, secs_cap = 0, relcap = 0;
	/* Where each probe section's entries start in its own data, to make blob offsets of the
	 * relocations once the sections are placed: (section, entry, func). */
	struct pending { size_t sec, at, func; } *pend = NULL;
	size_t npend = 0, pend_cap = 0;

	for (int i = 0; i < g->nprovs; i++) {
		const struct dprovider *pv = &g->provs[i];
		bool any = false;
		for (size_t k = 0; k < st->nsites && !any; k++)
			any = st->sites[k].prov == i;
		if (!any)
			continue;
		size_t base = nsecs;
		xgrow(&secs, sizeof(*secs), &secs_cap, nsecs + 8);
		static const uint32_t types[8] = { DOF_SECT_STRTAB, DOF_SECT_PROBES, DOF_SECT_PRARGS,
			DOF_SECT_PROFFS, DOF_SECT_PRENOFFS, DOF_SECT_PROVIDER, DOF_SECT_RELTAB,
			DOF_SECT_URELHDR };
		static const uint32_t aligns[8] = { 1, 8, 1, 4, 4, 4, 8, 4 };
		static const uint32_t ents[8] = { 0, DOF_PROBE_SIZE, 1, 4, 4, 0, DOF_RELO_SIZE, 0 };
		for (int k = 0; k < 8; k++)
			secs[nsecs++] = (struct dsec){ types[k], aligns[k], ents[k], {0} };
		struct dsec *str = &secs[base], *prb = &secs[base + 1], *args = &secs[base + 2],
			    *offs = &secs[base + 3], *enoffs = &secs[base + 4], *prov = &secs[base + 5],
			    *rel = &secs[base + 6], *urel = &secs[base + 7];
		strbuf_putc(&str->data, '\0');
		size_t pname = str_add(&str->data, pv->name);
		for (int j = 0; j < pv->nprobes; j++) {
			const struct dprobe *pr = &pv->probes[j];
			if (pr->nargs > 255 || pr->nxargs > 255)
				return derr_set(st->err, DTAG_NONE, "probe %s:::%s has more than 255 "
						"arguments, more than DOF can describe", pv->name, pr->name);
			/* one entry per function holding sites of this probe, in order of first site */
			for (size_t k = 0; k < st->nsites; k++) {
				const struct dsite *s = &st->sites[k];
				if (s->prov != i || s->probe != j)
					continue;
				bool seen = false;
				for (size_t m = 0; m < k && !seen; m++)
					seen = st->sites[m].prov == i && st->sites[m].probe == j &&
					       st->sites[m].func == s->func;
				if (seen)
					continue;
				uint32_t noffs = 0, nen = 0;
				uint32_t offidx = (uint32_t)(offs->data.len / 4), enidx = (uint32_t)(enoffs->data.len / 4);
				for (size_t m = k; m < st->nsites; m++) {
					const struct dsite *t = &st->sites[m];
					if (t->prov != i || t->probe != j || t->func != s->func)
						continue;
					if (t->off > UINT32_MAX)
						return derr_set(st->err, DTAG_NONE, "probe %s:::%s: site %#llx "
								"bytes into %s, beyond DOF's 32-bit offsets",
								pv->name, pr->name,
								(unsigned long long)t->off, st->funcs[t->func].name);
					struct dsec *d = t->enabled ? enoffs : offs;
					put32(&d->data, zeros(&d->data, 4), (uint32_t)t->off);
					if (t->enabled)
						nen++;
					else
						noffs++;
				}
				if (noffs > UINT16_MAX || nen > UINT16_MAX)
					return derr_set(st->err, DTAG_NONE, "probe %s:::%s has more than 65535 "
							"sites in %s", pv->name, pr->name,
							st->funcs[s->func].name);
				size_t fname = str_add(&str->data, st->funcs[s->func].name);
				size_t name = str_add(&str->data, pr->name);
				size_t nargv = str->data.len;
				for (int a = 0; a < pr->nargs; a++) {
					char *ty = dtype_spell(pr->args[a].type, NULL, true);
					str_add(&str->data, ty);
					free(ty);
				}
				size_t xargv = str->data.len;
				int xargc = pr->xargs ? pr->nxargs : pr->nargs;
				uint32_t argidx = (uint32_t)args->data.len;
				for (int a = 0; a < xargc; a++) {
					struct dtype *t = pr->xargs ? pr->xargs[a].type : pr->args[a].type;
					char *ty = dtype_spell(t, NULL, true);
					str_add(&str->data, ty);
					free(ty);
					strbuf_putc(&args->data, (char)(pr->xargs ? pr->map[a] : a));
				}
				size_t alias = str_add(&str->data, st->funcs[s->func].alias);
				size_t at = zeros(&prb->data, DOF_PROBE_SIZE);
				put32(&prb->data, at + DOF_PROBE_FUNC, (uint32_t)fname);
				put32(&prb->data, at + DOF_PROBE_NAME, (uint32_t)name);
				put32(&prb->data, at + DOF_PROBE_NARGV, (uint32_t)nargv);
				put32(&prb->data, at + DOF_PROBE_XARGV, (uint32_t)xargv);
				put32(&prb->data, at + DOF_PROBE_ARGIDX, argidx);
				put32(&prb->data, at + DOF_PROBE_OFFIDX, noffs ? offidx : 0);
				prb->data.s[at + DOF_PROBE_NARGC] = (char)pr->nargs;
				prb->data.s[at + DOF_PROBE_XARGC] = (char)xargc;
				put16(&prb->data, at + DOF_PROBE_NOFFS, (uint16_t)noffs);
				put32(&prb->data, at + DOF_PROBE_ENOFFIDX, nen ? enidx : 0);
				put16(&prb->data, at + DOF_PROBE_NENOFFS, (uint16_t)nen);
				size_t r = zeros(&rel->data, DOF_RELO_SIZE);
				put32(&rel->data, r + DOF_RELO_NAME, (uint32_t)alias);
				put32(&rel->data, r + DOF_RELO_TYPE, DOF_RELO_SETX);
				put64(&rel->data, r + DOF_RELO_OFFSET, at + DOF_PROBE_ADDR);
				xgrow(&pend, sizeof(*pend), &pend_cap, npend + 1);
				pend[npend++] = (struct pending){ base + 1, at, s->func };
			}
		}
		size_t at = zeros(&prov->data, DOF_PROV_SIZE);
		put32(&prov->data, at + DOF_PROV_STRTAB, (uint32_t)base);
		put32(&prov->data, at + DOF_PROV_PROBES, (uint32_t)base + 1);
		put32(&prov->data, at + DOF_PROV_PRARGS, (uint32_t)base + 2);
		put32(&prov->data, at + DOF_PROV_PROFFS, (uint32_t)base + 3);
		put32(&prov->data, at + DOF_PROV_NAME, (uint32_t)pname);
		for (int k = 0; k < DATTR_NKINDS; k++) {
			const struct dattr *a = &pv->attrs[k];
			put32(&prov->data, at + DOF_PROV_ATTRS + 4 * (size_t)k,
			      a->set ? DOF_ATTR(stability(a->name_stability), stability(a->data_stability),
						depclass(a->dep_class))
				     : DOF_ATTR(4, 4, 5));
		}
		put32(&prov->data, at + DOF_PROV_PRENOFFS, (uint32_t)base + 4);
		at = zeros(&urel->data, DOF_RELOHDR_SIZE);
		put32(&urel->data, at + DOF_RELOHDR_STRTAB, (uint32_t)base);
		put32(&urel->data, at + DOF_RELOHDR_RELSEC, (uint32_t)base + 6);
		put32(&urel->data, at + DOF_RELOHDR_TGTSEC, (uint32_t)base + 1);
	}

	/* The blob: header, section data, section headers. */
	struct strbuf *b = &out->blob;
	zeros(b, DOF_HDR_SIZE);
	memcpy(b->s, DOF_MAGIC, 4);
	b->s[DOF_ID_MODEL] = DOF_MODEL_LP64;
	b->s[DOF_ID_ENCODING] = DOF_ENCODE_LSB;
	b->s[DOF_ID_VERSION] = 2;
	b->s[DOF_ID_DIFVERS] = 2;
	b->s[DOF_ID_DIFIREG] = 8;
	b->s[DOF_ID_DIFTREG] = 8;
	size_t *sec_off = xcalloc(nsecs + 1, sizeof(*sec_off));
	for (size_t k = 0; k < nsecs; k++) {
		align(b, secs[k].align);
		sec_off[k] = b->len;
		strbuf_add(b, secs[k].data.s ? secs[k].data.s : "", secs[k].data.len);
	}
	align(b, 8);
	size_t secoff = b->len;
	for (size_t k = 0; k < nsecs; k++) {
		size_t at = zeros(b, DOF_SEC_SIZE);
		put32(b, at + DOF_SEC_TYPE, secs[k].type);
		put32(b, at + DOF_SEC_ALIGN, secs[k].align);
		put32(b, at + DOF_SEC_FLAGS, DOF_SECF_LOAD);
		put32(b, at + DOF_SEC_ENTSIZE, secs[k].entsize);
		put64(b, at + DOF_SEC_OFFSET, sec_off[k]);
		put64(b, at + DOF_SEC_SIZEF, secs[k].data.len);
	}
	put32(b, DOF_HDR_HDRSIZE, DOF_HDR_SIZE);
	put32(b, DOF_HDR_SECSIZE, DOF_SEC_SIZE);
	put32(b, DOF_HDR_SECNUM, (uint32_t)nsecs);
	put64(b, DOF_HDR_SECOFF, secoff);
	put64(b, DOF_HDR_LOADSZ, b->len);
	put64(b, DOF_HDR_FILESZ, b->len);
	out->reloc_off = xcalloc(npend + 1, sizeof(*out->reloc_off));
	out->reloc_func = xcalloc(npend + 1, sizeof(*out->reloc_func));
	for (size_t k = 0; k < npend; k++) {
		out->reloc_off[k] = sec_off[pend[k].sec] + pend[k].at + DOF_PROBE_ADDR;
		out->reloc_func[k] = pend[k].func;
	}
	out->nrelocs = npend;
	(void)relcap;
	for (size_t k = 0; k < nsecs; k++)
		strbuf_free(&secs[k].data);
	free(secs);
	free(sec_off);
	free(pend);
	return 0;
}

/* ---- step 3: the object carrying it ---- */

/* The is-enabled function of a probe, 32 bytes:
 *   movzwl sem(%rip), %eax ; test %ax, %ax ; je 1f ; movl $1, (%rdi) ; 1: ret ; int3 padding
 * The semaphore's displacement is at byte 3 (R_X86_64_PC32, addend -4). */
static const unsigned char ENABLED_STUB[32] = {
	0x0f, 0xb7, 0x05, 0, 0, 0, 0,
	0x66, 0x85, 0xc0,
	0x74, 0x06,
	0xc7, 0x07, 0x01, 0x00, 0x00, 0x00,
	0xc3,
	0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc, 0xcc,
};
#define STUB_DISP 3

static bool set_link(Elf_Scn *scn, size_t link, size_t info)
{
	GElf_Shdr sh;
	if (!gelf_getshdr(scn, &sh))
		return false;
	sh.sh_link = (uint32_t)link;
	sh.sh_info = (uint32_t)info;
	return gelf_update_shdr(scn, &sh) != 0;
}

static int write_dof_object(struct state *st, const struct dof_out *dof, int fd, const char *script)
{
	const struct dprog *g = st->g;
	int nprobes = 0;
	for (int i = 0; i < g->nprovs; i++)
		nprobes += g->provs[i].nprobes;
	struct strbuf shstr = {0}, str = {0}, notes = {0};
	unsigned char *text = xcalloc((size_t)nprobes + 1, sizeof(ENABLED_STUB));
	char *sems = xcalloc((size_t)nprobes + 1, 2);
	/* symbols: null, file, 3 section symbols, __usdtrace_dof, 2 per probe, 1 per alias */
	size_t nsyms_max = 6 + 2 * (size_t)nprobes + st->nfuncs;
	Elf64_Sym *syms = xcalloc(nsyms_max, sizeof(*syms));
	Elf64_Rela *trel = xcalloc((size_t)nprobes + 1, sizeof(*trel));
	Elf64_Rela *drel = xcalloc(dof->nrelocs + 1, sizeof(*drel));
	Elf64_Rela *nrel = xcalloc((size_t)nprobes + 1, sizeof(*nrel));
	int ret = -1;
	Elf *e = elf_begin(fd, ELF_C_WRITE, NULL);
	GElf_Ehdr eh;
	if (!e || !gelf_newehdr(e, ELFCLASS64) || !gelf_getehdr(e, &eh))
		goto elf_fail;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_type = ET_REL;
	eh.e_machine = EM_X86_64;
	eh.e_version = EV_CURRENT;
	if (!gelf_update_ehdr(e, &eh))
		goto elf_fail;

	/* Section indexes are fixed by creation order: 1 .text, 2 .rela.text, 3 .probes,
	 * 4 .SUNW_dof, 5 .rela.SUNW_dof, 6 .note.usdtrace, 7 .rela.note.usdtrace,
	 * 8 .note.GNU-stack, 9 .symtab, 10 .strtab, 11 .shstrtab. */
	enum { S_TEXT = 1, S_PROBES = 3, S_DOF = 4, S_NOTE = 6, S_SYMTAB = 9, S_STRTAB = 10 };
	prov_strtab_add(&str, "");
	size_t n = 1;
	const char *sbase = strrchr(script, '/');
	sbase = sbase ? sbase + 1 : script;
	syms[n].st_name = (uint32_t)prov_strtab_add(&str, sbase);
	syms[n].st_info = ELF64_ST_INFO(STB_LOCAL, STT_FILE);
	syms[n++].st_shndx = SHN_ABS;
	size_t secsym[3] = { S_TEXT, S_PROBES, S_DOF };
	for (int k = 0; k < 3; k++) {
		syms[n].st_info = ELF64_ST_INFO(STB_LOCAL, STT_SECTION);
		syms[n++].st_shndx = (uint16_t)secsym[k];
	}
	size_t first_global = n;
	syms[n].st_name = (uint32_t)prov_strtab_add(&str, "__usdtrace_dof");
	syms[n].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
	syms[n].st_other = STV_HIDDEN;
	syms[n].st_shndx = S_DOF;
	syms[n++].st_size = dof->blob.len;
	int p = 0;
	size_t ntrel = 0, nnrel = 0;
	for (int i = 0; i < g->nprovs; i++) {
		const struct dprovider *pv = &g->provs[i];
		for (int j = 0; j < pv->nprobes; j++, p++) {
			const struct dprobe *pr = &pv->probes[j];
			char *sem = prov_semaphore_name(pv->name, pr->name);
			size_t semsym = n;
			syms[n].st_name = (uint32_t)prov_strtab_add(&str, sem);
			syms[n].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
			syms[n].st_other = STV_HIDDEN;
			syms[n].st_shndx = S_PROBES;
			syms[n].st_value = 2 * (uint64_t)p;
			syms[n++].st_size = 2;
			free(sem);
			char *en = prov_dof_func_name(pv->name, pr->name, true);
			syms[n].st_name = (uint32_t)prov_strtab_add(&str, en);
			syms[n].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
			syms[n].st_other = STV_HIDDEN;
			syms[n].st_shndx = S_TEXT;
			syms[n].st_value = sizeof(ENABLED_STUB) * (uint64_t)p;
			syms[n++].st_size = 19;
			free(en);
			memcpy(text + sizeof(ENABLED_STUB) * (size_t)p, ENABLED_STUB, sizeof(ENABLED_STUB));
			trel[ntrel++] = (Elf64_Rela){ sizeof(ENABLED_STUB) * (uint64_t)p + STUB_DISP,
				ELF64_R_INFO(semsym, R_X86_64_PC32), -4 };
			/* The type notes, as -G writes them for stapsdt, and the semaphore's address. */
			prov_note_probe_types(&notes, pv, pr);
			struct strbuf desc = {0};
			zeros(&desc, 8);
			strbuf_add(&desc, pv->name, strlen(pv->name) + 1);
			strbuf_add(&desc, pr->name, strlen(pr->name) + 1);
			size_t desc_at = notes.len + 12 + ((sizeof(USDT_TYPENOTE_OWNER) + 3) & ~(size_t)3);
			prov_note_add(&notes, USDT_NOTE_DOFSEM, desc.s, desc.len);
			strbuf_free(&desc);
			nrel[nnrel++] = (Elf64_Rela){ desc_at, ELF64_R_INFO(semsym, R_X86_64_64), 0 };
		}
	}
	char *decls = dprog_decls_text(g);
	prov_note_add(&notes, USDT_NOTE_DECLS, decls, strlen(decls) + 1);
	free(decls);
	for (size_t k = 0; k < st->nfuncs; k++) {
		syms[n].st_name = (uint32_t)prov_strtab_add(&str, st->funcs[k].alias);
		syms[n++].st_info = ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE);
	}
	for (size_t k = 0; k < dof->nrelocs; k++)
		drel[k] = (Elf64_Rela){ dof->reloc_off[k],
			ELF64_R_INFO(n - st->nfuncs + dof->reloc_func[k], R_X86_64_GLOB_DAT), 0 };

	Elf_Scn *s;
	prov_strtab_add(&shstr, "");
	if (!prov_section_add(e, prov_strtab_add(&shstr, ".text"), SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR,
			 text, sizeof(ENABLED_STUB) * (size_t)nprobes, ELF_T_BYTE, 16, 0) ||
	    !(s = prov_section_add(e, prov_strtab_add(&shstr, ".rela.text"), SHT_RELA, SHF_INFO_LINK, trel,
			      ntrel * sizeof(*trel), ELF_T_RELA, 8, sizeof(*trel))) ||
	    !set_link(s, S_SYMTAB, S_TEXT) ||
	    !prov_section_add(e, prov_strtab_add(&shstr, ".probes"), SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, sems,
			 2 * (size_t)nprobes, ELF_T_BYTE, 2, 0) ||
	    !prov_section_add(e, prov_strtab_add(&shstr, DOF_SECTION_NAME), DOF_SHT_SUNW_DOF, SHF_ALLOC,
			 dof->blob.s, dof->blob.len, ELF_T_BYTE, 8, 0) ||
	    !(s = prov_section_add(e, prov_strtab_add(&shstr, ".rela" DOF_SECTION_NAME), SHT_RELA, SHF_INFO_LINK,
			      drel, dof->nrelocs * sizeof(*drel), ELF_T_RELA, 8, sizeof(*drel))) ||
	    !set_link(s, S_SYMTAB, S_DOF) ||
	    !prov_section_add(e, prov_strtab_add(&shstr, USDT_TYPENOTE_SECTION), SHT_NOTE, 0, notes.s, notes.len,
			 ELF_T_BYTE, 4, 0) ||
	    !(s = prov_section_add(e, prov_strtab_add(&shstr, ".rela" USDT_TYPENOTE_SECTION), SHT_RELA,
			      SHF_INFO_LINK, nrel, nnrel * sizeof(*nrel), ELF_T_RELA, 8, sizeof(*nrel))) ||
	    !set_link(s, S_SYMTAB, S_NOTE) ||
	    !prov_section_add(e, prov_strtab_add(&shstr, ".note.GNU-stack"), SHT_PROGBITS, 0, NULL, 0,
			 ELF_T_BYTE, 1, 0) ||
	    !(s = prov_section_add(e, prov_strtab_add(&shstr, ".symtab"), SHT_SYMTAB, 0, syms,
			      n * sizeof(*syms), ELF_T_SYM, 8, sizeof(*syms))) ||
	    !set_link(s, S_STRTAB, first_global) ||
	    !prov_section_add(e, prov_strtab_add(&shstr, ".strtab"), SHT_STRTAB, 0, str.s, str.len, ELF_T_BYTE, 1, 0))
		goto elf_fail;
	size_t shname = prov_strtab_add(&shstr, ".shstrtab");
	if (!(s = prov_section_add(e, shname, SHT_STRTAB, 0, shstr.s, shstr.len, ELF_T_BYTE, 1, 0)) ||
	    !gelf_getehdr(e, &eh))
		goto elf_fail;
	eh.e_shstrndx = (uint16_t)elf_ndxscn(s);
	if (!gelf_update_ehdr(e, &eh) || elf_update(e, ELF_C_WRITE) < 0)
		goto elf_fail;
	ret = 0;
	goto out;
elf_fail:
	derr_set(st->err, DTAG_NONE, "cannot write the DOF object: %s", elf_errmsg(-1));
out:
	if (e)
		elf_end(e);
	strbuf_free(&shstr);
	strbuf_free(&str);
	strbuf_free(&notes);
	free(text);
	free(sems);
	free(syms);
	free(trel);
	free(drel);
	free(nrel);
	return ret;
}

/* ---- step 4: ld -r, and the output ---- */

static int write_file(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		return -1;
	const char *p = buf;
	while (len) {
		ssize_t w = write(fd, p, len);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			close(fd);
			return -1;
		}
		p += w;
		len -= (size_t)w;
	}
	return close(fd);
}

static int copy_to(const char *path, int out)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	char buf[65536];
	ssize_t r;
	while ((r = read(fd, buf, sizeof(buf))) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			break;
		for (ssize_t off = 0; off < r;) {
			ssize_t w = write(out, buf + off, (size_t)(r - off));
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0) {
				close(fd);
				return -1;
			}
			off += w;
		}
	}
	close(fd);
	return r == 0 ? 0 : -1;
}

/* Run argv (argv[0] looked up in PATH); 0 when it exits with status 0. */
static int run_tool(struct state *st, char **argv)
{
	pid_t pid;
	int rc = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ), status = 0;
	if (rc != 0)
		return derr_set(st->err, DTAG_NONE, "cannot run %s: %s", argv[0], strerror(rc));
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return derr_set(st->err, DTAG_NONE, "%s failed (status %d)", argv[0], status);
	return 0;
}

/* dof.o and rt.o of dir linked into out.o; then the DOF's symbol, which the registration
 * code refers to, made local, so that several -x dof objects (of different provider files)
 * link into one program, each registering its own DOF. */
static int run_ld(struct state *st, const char *dir)
{
	const char *ld = getenv("LD"), *objcopy = getenv("OBJCOPY");
	char *outp = xasprintf("%s/out.o", dir), *dofp = xasprintf("%s/dof.o", dir),
	     *rtp = xasprintf("%s/rt.o", dir);
	char *ldv[] = { (char *)(ld && *ld ? ld : "ld"), "-r", "-o", outp, dofp, rtp, NULL };
	char *ocv[] = { (char *)(objcopy && *objcopy ? objcopy : "objcopy"),
			"--localize-symbol=__usdtrace_dof", outp, NULL };
	int ret = run_tool(st, ldv) == 0 && run_tool(st, ocv) == 0 ? 0 : -1;
	free(outp);
	free(dofp);
	free(rtp);
	return ret;
}

int prov_dof_write(const struct dprog *g, char *const *objects, int nobjects, int fd,
		   const char *script, struct derr *err)
{
	if (elf_version(EV_CURRENT) == EV_NONE)
		return derr_set(err, DTAG_NONE, "libelf initialisation failed: %s", elf_errmsg(-1));
	struct state st = { .g = g, .err = err };
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(st.key, sizeof(st.key), "%x%lx", (unsigned)getpid(), (unsigned long)ts.tv_nsec);
	make_refs(&st);
	struct dof_out dof = {0};
	char dir[] = "/tmp/usdtrace-dof.XXXXXX";
	const char *tmp = getenv("TMPDIR");
	char *tdir = tmp && *tmp ? xasprintf("%s/usdtrace-dof.XXXXXX", tmp) : xstrdup(dir);
	bool made_dir = false;
	int ret = -1;
	for (int i = 0; i < nobjects; i++)
		if (rewrite_object(&st, i, objects[i]) < 0)
			goto out;
	if (dof_build(&st, &dof) < 0)
		goto out;
	if (!mkdtemp(tdir)) {
		derr_set(err, DTAG_NONE, "cannot make a temporary directory: %s", strerror(errno));
		goto out;
	}
	made_dir = true;
	char *dofp = xasprintf("%s/dof.o", tdir), *rtp = xasprintf("%s/rt.o", tdir),
	     *outp = xasprintf("%s/out.o", tdir);
	int dfd = open(dofp, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (dfd < 0) {
		derr_set(err, DTAG_NONE, "cannot create %s: %s", dofp, strerror(errno));
	} else {
		int w = write_dof_object(&st, &dof, dfd, script);
		close(dfd);
		if (w == 0) {
			if (write_file(rtp, prov_dof_rt_obj, prov_dof_rt_obj_size) != 0)
				derr_set(err, DTAG_NONE, "cannot write %s: %s", rtp, strerror(errno));
			else if (run_ld(&st, tdir) == 0) {
				if (copy_to(outp, fd) != 0)
					derr_set(err, DTAG_NONE, "cannot copy the linked object: %s",
						 strerror(errno));
				else
					ret = 0;
			}
		}
	}
	unlink(dofp);
	unlink(rtp);
	unlink(outp);
	free(dofp);
	free(rtp);
	free(outp);
out:
	if (made_dir)
		rmdir(tdir);
	free(tdir);
	strbuf_free(&dof.blob);
	free(dof.reloc_off);
	free(dof.reloc_func);
	for (size_t i = 0; i < st.nrefs; i++)
		free(st.refs[i].sym);
	free(st.refs);
	for (size_t i = 0; i < st.nfuncs; i++) {
		free(st.funcs[i].name);
		free(st.funcs[i].alias);
	}
	free(st.funcs);
	free(st.sites);
	return ret;
}
