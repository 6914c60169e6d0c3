/* usdt_note.c — read the USDT probes of one ELF file.
 *
 * A stapsdt note (owner "stapsdt", type 3) has a descriptor of three target-sized addresses and
 * three strings:  pc, base, semaphore, provider NUL, name NUL, args NUL.  `base` is the link-time
 * address of the .stapsdt.base section as the note was written; if a later tool (prelink) moved
 * the sections, the difference between the section's current address and `base` is how far pc
 * moved. The semaphore address is taken as written, as libbpf does. (gdb and Frida shift it by
 * the same difference, which is what a whole-object prelink move would call for; the two
 * readings only differ in prelinked files, which current toolchains no longer produce.)
 *
 * Speed matters (`usdtrace -l` opens every mapped object): we find the note sections through the
 * section headers and touch symbol tables only when the file has probes. */
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

#include "elf_file.h"
#include "dof_format.h"
#include "elf_symtab.h"
#include "usdt_dof.h"
#include "usdt_note.h"
#include "usdt_typenote.h"
#include "util.h"

#define STAPSDT_OWNER "stapsdt"
#define STAPSDT_TYPE 3

struct reader {
	struct usdt_file *f;
	struct elf_file *file;
	Elf *elf;                  /* file->elf */
	bool msb;                  /* big-endian file: note words need swapping */
	size_t sites_cap, types_cap, warn_cap;
	bool has_base;
	uint64_t base_addr;        /* address of .stapsdt.base */
	struct elf_symtab symtab, dynsym;
	Elf_Scn *symtab_scn, *dynsym_scn; /* found by read_elf, loaded by resolve_sites */
	bool symbols_loaded;
	size_t ensites_cap;
	/* USDT_NOTE_DOFSEM notes; strings point into libelf's copy of the section */
	struct dofsem { uint64_t addr; const char *provider, *name; } *dofsems;
	size_t ndofsems, dofsems_cap;
	struct strbuf decls;
};

static void add_warning(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add_warning(struct reader *r, const char *fmt, ...)
{
	struct strbuf b = {0};
	va_list ap;
	va_start(ap, fmt);
	strbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	xgrow(&r->f->warnings, sizeof(char *), &r->warn_cap, (size_t)r->f->nwarnings + 1);
	r->f->warnings[r->f->nwarnings++] = strbuf_take(&b);
}

static uint64_t read_word(const struct reader *r, const unsigned char *p, int bytes)
{
	uint64_t v = 0;
	for (int i = 0; i < bytes; i++)
		v |= (uint64_t)p[r->msb ? bytes - 1 - i : i] << (8 * i);
	return v;
}

int64_t usdt_file_vaddr_to_off(const struct usdt_file *f, uint64_t vaddr)
{
	for (int i = 0; i < f->nsegs; i++) {
		const struct usdt_segment *s = &f->segs[i];
		if (vaddr >= s->vaddr && vaddr - s->vaddr < s->filesz)
			return (int64_t)(vaddr - s->vaddr + s->offset);
	}
	return -1;
}

/* ---- ELF headers ---- */

static int read_headers(struct reader *r, char *errbuf, size_t errlen)
{
	struct usdt_file *f = r->f;
	GElf_Ehdr eh;
	size_t nph, cap = 0;

	if (elf_file_header(r->file, &eh, &nph, errbuf, errlen) < 0)
		return -1;
	r->msb = eh.e_ident[EI_DATA] == ELFDATA2MSB;
	f->elf_type = eh.e_type;
	f->machine = eh.e_machine;
	f->entry = eh.e_entry;

	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (elf_file_phdr(r->file, i, &ph, errbuf, errlen) < 0)
			return -1;
		if (ph.p_type == PT_LOAD) {
			xgrow(&f->segs, sizeof(*f->segs), &cap, (size_t)f->nsegs + 1);
			f->segs[f->nsegs++] = (struct usdt_segment){
				.vaddr = ph.p_vaddr, .memsz = ph.p_memsz, .offset = ph.p_offset,
				.filesz = ph.p_filesz, .flags = ph.p_flags,
			};
		} else if (ph.p_type == PT_TLS) {
			f->has_tls = true;
			f->tls_memsz = ph.p_memsz;
			f->tls_align = ph.p_align ? ph.p_align : 1;
			f->tls_vaddr = ph.p_vaddr;
		}
	}
	return 0;
}

static void read_dynamic(struct reader *r, Elf_Scn *scn)
{
	GElf_Shdr sh;
	Elf_Data *data = elf_getdata(scn, NULL);
	if (!data || !gelf_getshdr(scn, &sh) || sh.sh_entsize != sizeof(Elf64_Dyn))
		return;
	for (size_t i = 0; i < data->d_size / sizeof(Elf64_Dyn); i++) {
		GElf_Dyn d;
		if (!gelf_getdyn(data, (int)i, &d) || d.d_tag == DT_NULL)
			break;
		if (d.d_tag == DT_FLAGS_1 && (d.d_un.d_val & DF_1_PIE))
			r->f->is_pie = true;
	}
}

/* ---- notes ---- */

/* One note header and the bounds of its name and descriptor inside a section's bytes. */
struct note {
	uint32_t type;
	const char *name;
	size_t namesz;
	const unsigned char *desc;
	size_t descsz;
};

/* Step through a note section. Returns 1 with *n filled, 0 at the end, -1 (after a warning) if
 * the note at *off runs past the end of the section, which ends the walk. */
static int next_note(struct reader *r, const char *secname, const Elf_Data *data, size_t *off,
		     struct note *n)
{
	const unsigned char *p = data->d_buf;
	size_t size = data->d_size, o = *off;
	uint64_t namesz, descsz, descoff, next;

	if (o >= size || size - o < 12) {
		if (o < size)
			add_warning(r, "%s: %zu stray bytes at offset %zu", secname, size - o, o);
		return 0;
	}
	namesz = read_word(r, p + o, 4);
	descsz = read_word(r, p + o + 4, 4);
	n->type = (uint32_t)read_word(r, p + o + 8, 4);
	descoff = o + 12 + ((namesz + 3) & ~(uint64_t)3);
	next = descoff + ((descsz + 3) & ~(uint64_t)3);
	if (descoff > size || descsz > size - descoff) {
		add_warning(r, "%s: note at offset %zu (namesz %llu, descsz %llu) runs past the end of the "
		     "section (%zu bytes); the rest of the section is ignored", secname, o,
		     (unsigned long long)namesz, (unsigned long long)descsz, size);
		return -1;
	}
	n->name = (const char *)p + o + 12;
	n->namesz = (size_t)namesz;
	n->desc = p + descoff;
	n->descsz = (size_t)descsz;
	*off = next > size ? size : (size_t)next;
	return 1;
}

static bool note_owner_is(const struct note *n, const char *owner)
{
	size_t len = strlen(owner);
	return n->namesz == len + 1 && memcmp(n->name, owner, len + 1) == 0;
}

/* Split desc[0..size) into NUL-terminated strings; returns how many, or -1 if the last one is
 * not terminated. */
static int count_strings(const unsigned char *desc, size_t size)
{
	int n = 0;
	size_t i = 0;
	while (i < size) {
		const unsigned char *z = memchr(desc + i, 0, size - i);
		if (!z)
			return -1;
		i = (size_t)(z - desc) + 1;
		n++;
	}
	return n;
}

static struct usdt_site *push_site(struct reader *r, struct usdt_site **sites, int *nsites,
				   size_t *cap, const char *prov, const char *name, uint64_t pc,
				   uint64_t pc_off, uint64_t sem, uint64_t sem_off, const char *args);

static void add_site(struct reader *r, const char *secname, size_t noteoff, const struct note *n)
{
	struct usdt_file *f = r->f;
	uint64_t pc, base, sem;
	const char *prov, *name, *args;
	int nstr;

	if (n->descsz < 24) {
		add_warning(r, "%s: note at offset %zu: descriptor of %zu bytes is too short for three "
		     "addresses", secname, noteoff, n->descsz);
		return;
	}
	pc = read_word(r, n->desc, 8);
	base = read_word(r, n->desc + 8, 8);
	sem = read_word(r, n->desc + 16, 8);
	nstr = count_strings(n->desc + 24, n->descsz - 24);
	if (nstr < 3) {
		add_warning(r, "%s: note at offset %zu: provider, name and arguments are not three "
		     "NUL-terminated strings", secname, noteoff);
		return;
	}
	prov = (const char *)n->desc + 24;
	name = prov + strlen(prov) + 1;
	args = name + strlen(name) + 1;
	if (!*prov || !*name) {
		add_warning(r, "%s: note at offset %zu: empty provider or probe name", secname, noteoff);
		return;
	}
	if (r->has_base && base)
		pc += r->base_addr - base;

	int64_t pc_off = usdt_file_vaddr_to_off(f, pc);
	if (pc_off < 0) {
		add_warning(r, "%s:%s: probe address %#llx is outside every loadable segment; site ignored",
		     prov, name, (unsigned long long)pc);
		return;
	}
	int64_t sem_off = 0;
	if (sem) {
		sem_off = usdt_file_vaddr_to_off(f, sem);
		if (sem_off < 0) {
			add_warning(r, "%s:%s: semaphore address %#llx is outside every loadable segment; "
			     "site ignored", prov, name, (unsigned long long)sem);
			return;
		}
	}
	push_site(r, &f->sites, &f->nsites, &r->sites_cap, prov, name, pc, (uint64_t)pc_off, sem,
		  (uint64_t)sem_off, args);
}

/* A new site at the end of *sites with its arguments decoded. */
static struct usdt_site *push_site(struct reader *r, struct usdt_site **sites, int *nsites,
				   size_t *cap, const char *prov, const char *name, uint64_t pc,
				   uint64_t pc_off, uint64_t sem, uint64_t sem_off, const char *args)
{
	struct usdt_file *f = r->f;
	xgrow(sites, sizeof(**sites), cap, (size_t)*nsites + 1);
	struct usdt_site *s = &(*sites)[(*nsites)++];
	memset(s, 0, sizeof(*s));
	s->provider = xstrdup(prov);
	s->name = xstrdup(name);
	s->pc = pc;
	s->pc_off = pc_off;
	s->sem = sem;
	s->sem_off = sem_off;
	s->argstr = xstrdup(args);
	s->nargs = usdt_args_parse(args, &s->args, &s->nbadargs);
	if (f->machine != EM_X86_64) {
		/* Other architectures write other operand syntaxes; do not guess at them. */
		for (int i = 0; i < s->nargs; i++) {
			struct usdt_arg *a = &s->args[i];
			if (a->kind != USDT_LOC_INVALID)
				s->nbadargs++;
			a->kind = USDT_LOC_INVALID;
			free(a->error);
			a->error = xasprintf("arguments are decoded for x86-64 only (ELF machine %d)",
					     f->machine);
		}
	}
	return s;
}

static int read_stapsdt(struct reader *r, Elf_Scn *scn, const char *secname, char *errbuf,
			size_t errlen)
{
	Elf_Data *data = elf_rawdata(scn, NULL);
	struct note n;
	size_t off = 0, at = 0;
	int rc;

	if (!data)
		return util_seterr(errbuf, errlen, "%s: cannot read section %s: %s", r->f->path,
				   secname, elf_errmsg(-1));
	while ((rc = next_note(r, secname, data, &off, &n)) > 0) {
		if (n.type == STAPSDT_TYPE && note_owner_is(&n, STAPSDT_OWNER))
			add_site(r, secname, at, &n);
		at = off;
	}
	return 0;
}

static void add_types(struct reader *r, size_t noteoff, const struct note *n)
{
	struct usdt_file *f = r->f;
	int nstr = count_strings(n->desc, n->descsz);
	const char *s = (const char *)n->desc;

	if (nstr < 2) {
		add_warning(r, USDT_TYPENOTE_SECTION ": note at offset %zu: argument-type note is not "
		     "NUL-terminated provider, name and types", noteoff);
		return;
	}
	xgrow(&f->types, sizeof(*f->types), &r->types_cap, (size_t)f->ntypes + 1);
	struct usdt_probe_types *t = &f->types[f->ntypes++];
	*t = (struct usdt_probe_types){ 0 };
	t->provider = xstrdup(s);
	s += strlen(s) + 1;
	t->name = xstrdup(s);
	s += strlen(s) + 1;
	t->nargs = nstr - 2;
	t->types = t->nargs ? xcalloc((size_t)t->nargs, sizeof(char *)) : NULL;
	for (int i = 0; i < t->nargs; i++) {
		t->types[i] = xstrdup(s);
		s += strlen(s) + 1;
	}
}

/* An ARGMAP note: attached to the probe's ARGTYPES entry; a malformed one is skipped with a
 * warning (the probe then keeps its native types). */
static void add_argmap(struct reader *r, size_t noteoff, const struct note *n)
{
	struct usdt_file *f = r->f;
	int nstr = count_strings(n->desc, n->descsz);
	const char *s = (const char *)n->desc;
	if (nstr < 2) {
		add_warning(r, USDT_TYPENOTE_SECTION ": note at offset %zu: argument-mapping note is not "
		     "NUL-terminated provider, name and mappings", noteoff);
		return;
	}
	const char *prov = s;
	const char *name = s + strlen(s) + 1;
	s = name + strlen(name) + 1;
	struct usdt_probe_types *t = (struct usdt_probe_types *)usdt_file_find_types(f, prov, name);
	if (!t || t->xtypes) {
		add_warning(r, USDT_TYPENOTE_SECTION ": note at offset %zu: argument mapping of %s:%s "
		     "without one argument-type note before it", noteoff, prov, name);
		return;
	}
	int nx = nstr - 2;
	int *map = xcalloc((size_t)nx + 1, sizeof(int));
	char **xt = xcalloc((size_t)nx + 1, sizeof(char *));
	for (int i = 0; i < nx; i++, s += strlen(s) + 1) {
		char *end;
		long k = strtol(s, &end, 10);
		if (end == s || *end != ' ' || k < 0 || k >= t->nargs || !end[1]) {
			add_warning(r, USDT_TYPENOTE_SECTION ": note at offset %zu: argument mapping %d of "
			     "%s:%s is not \"N type\" with N a native argument", noteoff, i, prov, name);
			for (int j = 0; j < i; j++)
				free(xt[j]);
			free(xt);
			free(map);
			return;
		}
		map[i] = (int)k;
		xt[i] = xstrdup(end + 1);
	}
	t->nxargs = nx;
	t->xtypes = xt;
	t->map = map;
}

/* A DOFSEM note: the semaphore of a probe described in DOF (kept for read_dof). */
static void add_dofsem(struct reader *r, size_t noteoff, const struct note *n)
{
	if (n->descsz < 8 + 4 || count_strings(n->desc + 8, n->descsz - 8) != 2 ||
	    !n->desc[8]) {
		add_warning(r, USDT_TYPENOTE_SECTION ": note at offset %zu: semaphore note is not an "
			    "address, provider and name", noteoff);
		return;
	}
	xgrow(&r->dofsems, sizeof(*r->dofsems), &r->dofsems_cap, r->ndofsems + 1);
	struct dofsem *d = &r->dofsems[r->ndofsems++];
	d->addr = read_word(r, n->desc, 8);
	d->provider = (const char *)n->desc + 8;
	d->name = d->provider + strlen(d->provider) + 1;
}

static void read_typenotes(struct reader *r, Elf_Scn *scn)
{
	Elf_Data *data = elf_rawdata(scn, NULL);
	struct note n;
	size_t off = 0, at = 0;

	if (!data) {
		add_warning(r, "cannot read section " USDT_TYPENOTE_SECTION ": %s", elf_errmsg(-1));
		return;
	}
	while (next_note(r, USDT_TYPENOTE_SECTION, data, &off, &n) > 0) {
		if (!note_owner_is(&n, USDT_TYPENOTE_OWNER)) {
			at = off;
			continue;
		}
		if (n.type == USDT_NOTE_ARGTYPES) {
			add_types(r, at, &n);
		} else if (n.type == USDT_NOTE_ARGMAP) {
			add_argmap(r, at, &n);
		} else if (n.type == USDT_NOTE_DOFSEM) {
			add_dofsem(r, at, &n);
		} else if (n.type == USDT_NOTE_DECLS) {
			if (n.descsz == 0 || n.desc[n.descsz - 1] != 0 ||
			    memchr(n.desc, 0, n.descsz) != n.desc + n.descsz - 1) {
				add_warning(r, USDT_TYPENOTE_SECTION ": note at offset %zu: declarations are "
				     "not one NUL-terminated text", at);
			} else {
				if (r->decls.len && r->decls.s[r->decls.len - 1] != '\n')
					strbuf_putc(&r->decls, '\n');
				strbuf_puts(&r->decls, (const char *)n.desc);
			}
		}
		at = off;
	}
}

/* ---- symbols ---- */

static void load_symbols(struct reader *r, Elf_Scn *symtab, Elf_Scn *dynsym)
{
	char err[256];
	if (r->symbols_loaded)
		return;
	r->symbols_loaded = true;
	if (symtab && elf_symtab_load(r->elf, symtab, &r->symtab, err, sizeof(err)) < 0)
		add_warning(r, ".symtab: %s", err);
	if (dynsym && elf_symtab_load(r->elf, dynsym, &r->dynsym, err, sizeof(err)) < 0)
		add_warning(r, ".dynsym: %s", err);
}

/* An unsized function symbol only counts as enclosing pc if pc is in the same section: past
 * the end of its section it is certainly something else. */
static bool same_section(struct reader *r, const struct elf_sym *s, uint64_t pc)
{
	GElf_Shdr sh;
	Elf_Scn *scn;
	if (s->size)
		return true;
	if (s->shndx >= SHN_LORESERVE || !(scn = elf_getscn(r->elf, s->shndx)) ||
	    !gelf_getshdr(scn, &sh))
		return false;
	return pc >= sh.sh_addr && pc - sh.sh_addr < sh.sh_size;
}

static const struct elf_sym *function_of(struct reader *r, uint64_t pc)
{
	const struct elf_sym *s = elf_symtab_func_at(&r->symtab, pc);
	if (s && same_section(r, s, pc))
		return s;
	s = elf_symtab_func_at(&r->dynsym, pc);
	return s && same_section(r, s, pc) ? s : NULL;
}

static void unresolved(struct reader *r, struct usdt_site *site, struct usdt_arg *a,
		       bool invalid, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static void unresolved(struct reader *r, struct usdt_site *site, struct usdt_arg *a,
		       bool invalid, const char *fmt, ...)
{
	struct strbuf b = {0};
	va_list ap;
	va_start(ap, fmt);
	strbuf_vprintf(&b, fmt, ap);
	va_end(ap);
	free(a->error);
	a->error = strbuf_take(&b);
	add_warning(r, "%s:%s: argument '%s': %s", site->provider, site->name, a->spec, a->error);
	if (invalid) {
		a->kind = USDT_LOC_INVALID;
		site->nbadargs++;
	}
}

/* The TLS block of the executable sits just below the thread pointer (x86-64 TLS variant II):
 * glibc places it at tp - round_up(memsz, align), shifted so that the block keeps the segment's
 * misalignment within align. */
static int64_t exec_tls_block_offset(const struct usdt_file *f)
{
	uint64_t align = f->tls_align;
	uint64_t firstbyte = (-f->tls_vaddr) & (align - 1);
	uint64_t size = f->tls_memsz;
	uint64_t off = ((size - firstbyte + align - 1) / align) * align + firstbyte;
	return -(int64_t)off;
}

static void resolve_arg(struct reader *r, struct usdt_site *site, uint32_t prefer_file,
			bool file_guessed, struct usdt_arg *a)
{
	const struct usdt_file *f = r->f;
	const struct elf_sym *s;
	bool amb = false, amb2 = false;
	bool exec = f->elf_type == ET_EXEC || f->is_pie;

	s = elf_symtab_find(&r->symtab, a->sym, prefer_file, &amb);
	if (s && file_guessed && !elf_symtab_find(&r->symtab, a->sym, 0, &amb2) && amb2)
		add_warning(r, "%s:%s: argument '%s': several local symbols are called '%s'; chose the one "
		     "of the file whose static functions surround the probe (a guess)",
		     site->provider, site->name, a->spec, a->sym);
	amb2 = false;
	if (!s && !amb)
		s = elf_symtab_find(&r->dynsym, a->sym, 0, &amb2);
	if (!s) {
		unresolved(r, site, a, a->kind == USDT_LOC_IMM,
			   amb || amb2 ? "symbol '%s' is ambiguous (several local symbols have that "
			   "name)" : "symbol '%s' not found in .symtab or .dynsym", a->sym);
		return;
	}
	if (a->kind == USDT_LOC_TLS) {
		if (s->type != STT_TLS) {
			unresolved(r, site, a, true, "symbol '%s' used with @tpoff is not a TLS symbol",
				   a->sym);
		} else if (!f->has_tls) {
			unresolved(r, site, a, true, "TLS symbol '%s' but the file has no PT_TLS",
				   a->sym);
		} else if (!exec) {
			unresolved(r, site, a, false, "TLS symbol '%s' is in a shared object (not an "
				   "executable, no DF_1_PIE): its offset from %%fs is only known at run "
				   "time", a->sym);
		} else {
			/* unsigned: a hostile symbol value and TLS segment wrap, they do not
			 * overflow (the address is only as good as the file says anyway) */
			a->sym_addr = (int64_t)(s->value + (uint64_t)exec_tls_block_offset(f));
			a->sym_resolved = true;
		}
		return;
	}
	if (s->type == STT_TLS) {
		unresolved(r, site, a, true, "TLS symbol '%s' used without %%fs:...@tpoff", a->sym);
		return;
	}
	if (a->kind == USDT_LOC_IMM) {
		if (f->elf_type != ET_EXEC) {
			unresolved(r, site, a, true, "address constant '$%s' in a position-independent "
				   "object is not supported", a->sym);
			return;
		}
		a->disp = (int64_t)((uint64_t)a->disp + s->value); /* wraps, as above */
	}
	a->sym_addr = (int64_t)s->value;
	a->sym_resolved = true;
}

static void resolve_sites(struct reader *r, Elf_Scn *symtab, Elf_Scn *dynsym)
{
	struct usdt_file *f = r->f;

	load_symbols(r, symtab, dynsym);
	for (int i = 0; i < f->nsites; i++) {
		struct usdt_site *site = &f->sites[i];
		const struct elf_sym *fn = function_of(r, site->pc);
		uint32_t file = 0;
		bool guessed = false;
		if (fn && !site->function)   /* DOF names its function itself */
			site->function = xstrdup(fn->name);
		/* Static variables of the same name in several files are told apart by the file
		 * of the probe's function: exact for a static function, guessed from the static
		 * functions around it for a global one. */
		if (fn && fn->bind == STB_LOCAL && fn->file && elf_symtab_func_at(&r->symtab, site->pc) == fn)
			file = fn->file;
		else
			file = elf_symtab_file_around(&r->symtab, site->pc, &guessed);
		for (int j = 0; j < site->nargs; j++) {
			struct usdt_arg *a = &site->args[j];
			if (a->kind != USDT_LOC_INVALID && a->sym)
				resolve_arg(r, site, file, guessed, a);
		}
	}
}

/* ---- DOF (.SUNW_dof), the other source of probes: see usdt_dof.h ---- */

static bool in_exec_segment(const struct usdt_file *f, uint64_t vaddr)
{
	for (int i = 0; i < f->nsegs; i++) {
		const struct usdt_segment *s = &f->segs[i];
		if ((s->flags & PF_X) && vaddr >= s->vaddr && vaddr - s->vaddr < s->filesz)
			return true;
	}
	return false;
}

/* The link-time address of a DOF probe's function: the relocated address field when it lies in
 * code (what a linker leaves in executables and most shared objects), else the symbol its
 * relocation names, else its function's symbol. 0 when none can be trusted. */
static uint64_t dof_probe_base(struct reader *r, const struct usdt_dof_probe *p)
{
	if (p->addr && in_exec_segment(r->f, p->addr))
		return p->addr;
	load_symbols(r, r->symtab_scn, r->dynsym_scn);
	const char *names[2] = { p->addr_sym, p->function };
	for (int i = 0; i < 2; i++) {
		bool amb;
		const struct elf_sym *sym;
		if (!names[i] || !*names[i])
			continue;
		if ((sym = elf_symtab_find(&r->dynsym, names[i], 0, &amb)) ||
		    (sym = elf_symtab_find(&r->symtab, names[i], 0, &amb)))
			if ((sym->type == STT_FUNC || sym->type == STT_GNU_IFUNC) &&
			    in_exec_segment(r->f, sym->value))
				return sym->value;
	}
	return 0;
}

/* Types of a DOF probe, unless the probe already has some (another function's sites of it, or
 * usdtrace's own type note). */
static void add_dof_types(struct reader *r, const struct usdt_dof_probe *p)
{
	struct usdt_file *f = r->f;
	if (usdt_file_find_types(f, p->provider, p->name))
		return;
	xgrow(&f->types, sizeof(*f->types), &r->types_cap, (size_t)f->ntypes + 1);
	struct usdt_probe_types *t = &f->types[f->ntypes++];
	*t = (struct usdt_probe_types){ 0 };
	t->provider = xstrdup(p->provider);
	t->name = xstrdup(p->name);
	t->nargs = p->nargc;
	t->types = p->nargc ? xcalloc((size_t)p->nargc, sizeof(char *)) : NULL;
	for (int k = 0; k < p->nargc; k++)
		t->types[k] = xstrdup(p->nargv[k]);
	if (!usdt_dof_probe_translates(p))
		return;
	t->nxargs = p->xargc;
	t->xtypes = xcalloc((size_t)p->xargc + 1, sizeof(char *));
	t->map = xcalloc((size_t)p->xargc + 1, sizeof(int));
	for (int k = 0; k < p->xargc; k++) {
		t->xtypes[k] = xstrdup(p->xargv[k]);
		t->map[k] = p->map[k];
	}
}

/* One probe's sites (and is-enabled sites) from its function's address and offsets. */
static void add_dof_probe(struct reader *r, const struct usdt_dof_probe *p)
{
	struct usdt_file *f = r->f;
	uint64_t base = dof_probe_base(r, p);
	if (!base) {
		add_warning(r, DOF_SECTION_NAME ": %s:%s:%s: the address of function %s is not known "
			    "(unrelocated, and no such function symbol); probe ignored", p->provider,
			    p->function, p->name, p->addr_sym ? p->addr_sym : p->function);
		return;
	}
	/* The semaphore `usdtrace -G -x dof` keeps for the probe (its is-enabled function reads
	 * it), counted by the kernel like a stapsdt site's. */
	uint64_t sem = 0;
	int64_t sem_off = 0;
	for (size_t i = 0; i < r->ndofsems; i++)
		if (strcmp(r->dofsems[i].provider, p->provider) == 0 &&
		    strcmp(r->dofsems[i].name, p->name) == 0) {
			sem = r->dofsems[i].addr;
			break;
		}
	if (sem && (sem_off = usdt_file_vaddr_to_off(f, sem)) < 0) {
		add_warning(r, DOF_SECTION_NAME ": %s:%s: semaphore address %#llx is outside every "
			    "loadable segment; ignored", p->provider, p->name, (unsigned long long)sem);
		sem = 0;
		sem_off = 0;
	}
	char *args = usdt_dof_argstr(p);
	for (int pass = 0; pass < 2; pass++) {
		int n = pass ? p->nenoffs : p->noffs;
		const uint32_t *offs = pass ? p->enoffs : p->offs;
		for (int i = 0; i < n; i++) {
			uint64_t pc = base + offs[i];
			int64_t pc_off = usdt_file_vaddr_to_off(f, pc);
			if (pc < base || pc_off < 0 || !in_exec_segment(f, pc)) {
				add_warning(r, DOF_SECTION_NAME ": %s:%s:%s: site %#llx is outside every "
					    "executable segment; site ignored", p->provider, p->function,
					    p->name, (unsigned long long)pc);
				continue;
			}
			struct usdt_site *s;
			if (pass == 0)
				s = push_site(r, &f->sites, &f->nsites, &r->sites_cap, p->provider, p->name,
					      pc, (uint64_t)pc_off, sem, (uint64_t)sem_off, args);
			else
				s = push_site(r, &f->ensites, &f->nensites, &r->ensites_cap, p->provider,
					      p->name, pc, (uint64_t)pc_off, sem, (uint64_t)sem_off, "");
			s->from_dof = true;
			if (*p->function)
				s->function = xstrdup(p->function);
		}
	}
	free(args);
	add_dof_types(r, p);
}

/* Every DOF blob of a .SUNW_dof section (the linker concatenates one per -G object, each
 * aligned to 8 bytes). A blob that does not parse is refused whole, with its message. */
static void read_dof(struct reader *r, Elf_Scn *scn)
{
	Elf_Data *data = elf_rawdata(scn, NULL);
	if (!data || !data->d_buf) {
		add_warning(r, "cannot read section " DOF_SECTION_NAME ": %s", elf_errmsg(-1));
		return;
	}
	const unsigned char *p = data->d_buf;
	size_t off = 0;
	while (off < data->d_size) {
		/* zero padding between blobs */
		if (p[off] == 0) {
			off++;
			continue;
		}
		struct usdt_dof dof;
		size_t used;
		char err[256];
		if (usdt_dof_parse(p + off, data->d_size - off, &dof, &used, err, sizeof(err)) < 0) {
			add_warning(r, DOF_SECTION_NAME " at offset %zu: %s; its probes are ignored", off,
				    err);
			return;
		}
		for (int i = 0; i < dof.nprobes; i++)
			add_dof_probe(r, &dof.probes[i]);
		usdt_dof_free(&dof);
		off += used;
	}
}

/* ---- the file ---- */

static int read_elf(struct reader *r, char *errbuf, size_t errlen)
{
	struct usdt_file *f = r->f;
	Elf_Scn *scn = NULL, *symtab = NULL, *dynsym = NULL;
	GElf_Shdr sh;
	const char *name;

	if (read_headers(r, errbuf, errlen) < 0)
		return -1;

	/* Collect the note sections first: the notes need .stapsdt.base, wherever it is. */
	Elf_Scn **notes = NULL, **typenotes = NULL, **dofs = NULL;
	size_t nnotes = 0, notes_cap = 0, ntypenotes = 0, typenotes_cap = 0, ndofs = 0, dofs_cap = 0;
	int rc;
	while ((rc = elf_file_next_section(r->file, &scn, &sh, &name, errbuf, errlen)) > 0) {
		if (sh.sh_type == SHT_SYMTAB)
			symtab = scn;
		else if (sh.sh_type == SHT_DYNSYM)
			dynsym = scn;
		else if (sh.sh_type == SHT_DYNAMIC)
			read_dynamic(r, scn);
		if (!name)
			continue;
		if (strcmp(name, ".stapsdt.base") == 0) {
			r->has_base = true;
			r->base_addr = sh.sh_addr;
		} else if (sh.sh_type == SHT_NOTE && strcmp(name, ".note.stapsdt") == 0) {
			xgrow(&notes, sizeof(*notes), &notes_cap, nnotes + 1);
			notes[nnotes++] = scn;
		} else if (sh.sh_type == SHT_NOTE && strcmp(name, USDT_TYPENOTE_SECTION) == 0) {
			xgrow(&typenotes, sizeof(*typenotes), &typenotes_cap, ntypenotes + 1);
			typenotes[ntypenotes++] = scn;
		} else if ((sh.sh_type == DOF_SHT_SUNW_DOF || strcmp(name, DOF_SECTION_NAME) == 0) &&
			   sh.sh_type != SHT_NOBITS) {
			xgrow(&dofs, sizeof(*dofs), &dofs_cap, ndofs + 1);
			dofs[ndofs++] = scn;
		}
	}
	r->symtab_scn = symtab;
	r->dynsym_scn = dynsym;
	for (size_t i = 0; i < nnotes && rc == 0; i++)
		rc = read_stapsdt(r, notes[i], ".note.stapsdt", errbuf, errlen);
	for (size_t i = 0; i < ntypenotes && rc == 0; i++)
		read_typenotes(r, typenotes[i]);
	/* After the type notes: a -G -x dof object's own type note has the declared types. */
	for (size_t i = 0; i < ndofs && rc == 0; i++)
		read_dof(r, dofs[i]);
	free(notes);
	free(typenotes);
	free(dofs);
	if (rc < 0)
		return -1;
	if (r->decls.len)
		f->decls = strbuf_take(&r->decls);
	return 0;
}

/* A file read without its symbols (usdt_file_open_lazy): what resolving needs, kept open. */
struct usdt_pending {
	struct elf_file file;
	struct reader r;
};

static void pending_close(struct usdt_pending *p)
{
	elf_symtab_free(&p->r.symtab);
	elf_symtab_free(&p->r.dynsym);
	strbuf_free(&p->r.decls);
	free(p->r.dofsems);
	elf_file_close(&p->file);
	free(p);
}

/* Read the file open as `file` into a new usdt_file; *out is it, or NULL after a failure.
 * lazy: a file with probes keeps `file` (copied) for usdt_file_resolve. */
static int read_with(struct elf_file *file, bool lazy, struct usdt_file **out, char *errbuf,
		     size_t errlen)
{
	struct usdt_file *f = xcalloc(1, sizeof(*f));
	struct usdt_pending *p = xcalloc(1, sizeof(*p));
	p->file = *file;
	p->r = (struct reader){.f = f, .file = &p->file, .elf = p->file.elf};
	f->path = xstrdup(file->name);
	p->file.name = f->path; /* the caller's string may be gone when resolving */
	f->dev = file->dev;
	f->ino = file->ino;
	if (read_elf(&p->r, errbuf, errlen) < 0) {
		pending_close(p);
		usdt_file_free(f);
		return -1;
	}
	f->pending = p;
	if (!lazy || f->nsites == 0)
		usdt_file_resolve(f);
	*out = f;
	return 0;
}

void usdt_file_resolve(struct usdt_file *f)
{
	struct usdt_pending *p = f ? f->pending : NULL;
	if (!p)
		return;
	if (f->nsites)
		resolve_sites(&p->r, p->r.symtab_scn, p->r.dynsym_scn);
	f->pending = NULL;
	pending_close(p);
}

int usdt_file_open(const char *path, struct usdt_file **out, char *errbuf, size_t errlen)
{
	struct elf_file file;

	*out = NULL;
	if (elf_file_open(&file, path, errbuf, errlen) < 0)
		return -1;
	return read_with(&file, false, out, errbuf, errlen);
}

int usdt_file_open_lazy(const char *path, struct usdt_file **out, char *errbuf, size_t errlen)
{
	struct elf_file file;

	*out = NULL;
	if (elf_file_open(&file, path, errbuf, errlen) < 0)
		return -1;
	return read_with(&file, true, out, errbuf, errlen);
}

int usdt_file_from_memory(const char *name, const void *image, size_t size,
			  struct usdt_file **out, char *errbuf, size_t errlen)
{
	struct elf_file file;

	*out = NULL;
	if (elf_file_from_memory(&file, name, image, size, errbuf, errlen) < 0)
		return -1;
	return read_with(&file, false, out, errbuf, errlen);
}

void usdt_file_free(struct usdt_file *f)
{
	if (!f)
		return;
	if (f->pending)
		pending_close(f->pending);
	for (int i = 0; i < f->nsites; i++) {
		struct usdt_site *s = &f->sites[i];
		free(s->provider);
		free(s->name);
		free(s->function);
		free(s->argstr);
		usdt_args_free(s->args, s->nargs);
	}
	for (int i = 0; i < f->nensites; i++) {
		struct usdt_site *s = &f->ensites[i];
		free(s->provider);
		free(s->name);
		free(s->function);
		free(s->argstr);
		usdt_args_free(s->args, s->nargs);
	}
	free(f->ensites);
	for (int i = 0; i < f->ntypes; i++) {
		struct usdt_probe_types *t = &f->types[i];
		free(t->provider);
		free(t->name);
		for (int j = 0; j < t->nargs; j++)
			free(t->types[j]);
		free(t->types);
		for (int j = 0; j < t->nxargs; j++)
			free(t->xtypes[j]);
		free(t->xtypes);
		free(t->map);
	}
	for (int i = 0; i < f->nwarnings; i++)
		free(f->warnings[i]);
	free(f->warnings);
	free(f->sites);
	free(f->types);
	free(f->segs);
	free(f->decls);
	free(f->path);
	free(f);
}

/* Probe names compare with "__" and "-" as the same: D writes query-start, notes query__start. */
static bool probe_name_eq(const char *a, const char *b)
{
	while (*a && *b) {
		bool da = *a == '-' || (a[0] == '_' && a[1] == '_');
		bool db = *b == '-' || (b[0] == '_' && b[1] == '_');
		if (da && db) {
			a += *a == '-' ? 1 : 2;
			b += *b == '-' ? 1 : 2;
			continue;
		}
		if (*a != *b)
			return false;
		a++;
		b++;
	}
	return *a == *b;
}

const struct usdt_probe_types *usdt_file_find_types(const struct usdt_file *f,
						    const char *provider, const char *name)
{
	for (int i = 0; i < f->ntypes; i++)
		if (strcmp(f->types[i].provider, provider) == 0 &&
		    probe_name_eq(f->types[i].name, name))
			return &f->types[i];
	return NULL;
}
