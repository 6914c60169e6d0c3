/* elf_funcs.c — the functions of one ELF file (see elf_funcs.h).
 *
 * The file is read once through libelf: headers, PT_LOAD segments, the allocated sections,
 * .symtab and .dynsym (through elf_symtab), .gnu.version for .dynsym's hidden versions. Names
 * are copied, so nothing refers to libelf once elf_funcs_open returns. Instruction bytes are
 * read later, one function at a time: from the memory image, or with pread from the file
 * (which must still be the one that was read). */
#include <capstone/capstone.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf_file.h"
#include "elf_funcs.h"
#include "elf_symtab.h"
#include "proc_maps.h"
#include "proc_path.h"
#include "util.h"

/* libstdc++'s demangler (the Itanium C++ ABI's abi::__cxa_demangle, extern "C"). */
extern char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

/* A function bigger than this is a corrupt size, not code. */
#define MAX_FUNC_SIZE ((uint64_t)256 << 20)

/* While the tables are merged, a bit of elf_func.tables: the entry's version is known. */
#define VERSION_KNOWN 0x80

struct elf_funcs_sec {
	char *name;            /* section name; NULL for a PT_LOAD segment */
	uint64_t addr, size;   /* size: sh_size, or p_filesz for a segment */
	uint64_t off;          /* file offset */
	bool nobits;           /* SHT_NOBITS: no bytes in the file */
};

struct reader {
	struct elf_funcs *ef;
	struct elf_file *file;
	Elf *elf;              /* file->elf */
	uint64_t size;         /* of the whole file */
	size_t secs_cap, funcs_cap;
	size_t nsegs;          /* segments are ef->secs[nsecs - nsegs, nsecs) once read */
	struct elf_funcs_sec *segs;
	uint16_t *versym;      /* .gnu.version, one entry per .dynsym symbol */
	size_t nversym;
};

/* ---- headers, segments, sections ---- */

static int read_headers(struct reader *r, char *err, size_t errlen)
{
	struct elf_funcs *ef = r->ef;
	GElf_Ehdr eh;
	size_t nph, cap = 0;

	if (elf_file_header(r->file, &eh, &nph, err, errlen) < 0)
		return -1;
	ef->elf_type = eh.e_type;
	ef->machine = eh.e_machine;
	ef->entry = eh.e_entry;

	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (elf_file_phdr(r->file, i, &ph, err, errlen) < 0)
			return -1;
		/* a segment whose bytes wrap around or lie past the end of the file gives no
		 * offsets: its functions are skipped rather than read from nowhere */
		if (ph.p_type != PT_LOAD || !ph.p_filesz || ph.p_vaddr + ph.p_filesz < ph.p_vaddr ||
		    ph.p_offset > r->size || ph.p_filesz > r->size - ph.p_offset)
			continue;
		xgrow(&r->segs, sizeof(*r->segs), &cap, r->nsegs + 1);
		r->segs[r->nsegs++] = (struct elf_funcs_sec){
			.addr = ph.p_vaddr, .size = ph.p_filesz, .off = ph.p_offset,
		};
	}
	return 0;
}

static void add_section(struct reader *r, const char *name, const GElf_Shdr *sh)
{
	struct elf_funcs *ef = r->ef;
	if (!(sh->sh_flags & SHF_ALLOC) || !sh->sh_size || sh->sh_addr + sh->sh_size < sh->sh_addr)
		return;
	xgrow(&ef->secs, sizeof(*ef->secs), &r->secs_cap, ef->nsecs + 1);
	ef->secs[ef->nsecs++] = (struct elf_funcs_sec){
		.name = xstrdup(name ? name : "(unnamed)"), .addr = sh->sh_addr, .size = sh->sh_size,
		.off = sh->sh_offset, .nobits = sh->sh_type == SHT_NOBITS,
	};
}

static void read_versym(struct reader *r, Elf_Scn *scn)
{
	GElf_Shdr sh;
	Elf_Data *data = elf_getdata(scn, NULL);
	if (!data || !gelf_getshdr(scn, &sh) || sh.sh_entsize != sizeof(GElf_Versym))
		return;
	size_t n = data->d_size / sizeof(GElf_Versym);
	r->versym = xcalloc(n ? n : 1, sizeof(*r->versym));
	for (size_t i = 0; i < n; i++) {
		GElf_Versym v;
		if (!gelf_getversym(data, (int)i, &v))
			break;
		r->versym[i] = v;
		r->nversym = i + 1;
	}
}

/* The file offset of vaddr through the PT_LOAD segments; false if in none. */
static bool vaddr_to_off(const struct reader *r, uint64_t vaddr, uint64_t *off)
{
	for (size_t i = 0; i < r->nsegs; i++) {
		const struct elf_funcs_sec *s = &r->segs[i];
		if (vaddr >= s->addr && vaddr - s->addr < s->size) {
			*off = s->off + (vaddr - s->addr);
			return true;
		}
	}
	return false;
}

/* ---- names ---- */

/* The display name of a symbol name: without a version suffix, demangled if C++. Returns
 * `name` itself when nothing changes, else a new string. */
static char *display_of(char *name)
{
	char *at = strchr(name, '@');
	char *base = at && at != name ? xstrndup(name, (size_t)(at - name)) : name;
	if (base[0] == '_' && base[1] == 'Z') {
		/* only _Z names: __cxa_demangle also takes types, which would turn "f" into
		 * "float" */
		int status = -1;
		char *d = __cxa_demangle(base, NULL, NULL, &status);
		if (d && status == 0) {
			/* malloc'd by libstdc++: copy into our allocator's memory */
			char *copy = xstrdup(d);
			free(d);
			if (base != name)
				free(base);
			return copy;
		}
		free(d);
	}
	return base;
}

static int leading_underscores(const char *s)
{
	int n = 0;
	while (s[n] == '_')
		n++;
	return n;
}

/* <0 when a is the better name for their shared address (see elf_funcs_canonical). */
static int alias_cmp(const struct elf_func *a, const struct elf_func *b)
{
	if (!a->size != !b->size)
		return a->size ? -1 : 1;
	if ((a->bind == STB_LOCAL) != (b->bind == STB_LOCAL))
		return a->bind == STB_LOCAL ? 1 : -1;
	if (a->hidden_version != b->hidden_version)
		return a->hidden_version ? 1 : -1;
	int ua = leading_underscores(a->name), ub = leading_underscores(b->name);
	if (ua != ub)
		return ua - ub;
	if ((a->bind == STB_GLOBAL) != (b->bind == STB_GLOBAL))
		return a->bind == STB_GLOBAL ? -1 : 1;
	size_t la = strlen(a->name), lb = strlen(b->name);
	if (la != lb)
		return la < lb ? -1 : 1;
	return strcmp(a->name, b->name);
}

static int func_cmp(const void *pa, const void *pb)
{
	const struct elf_func *a = pa, *b = pb;
	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	int c = alias_cmp(a, b);
	if (c)
		return c;
	c = strcmp(a->display, b->display);
	return c ? c : strcmp(a->name, b->name);
}

/* For merging: by address, then by name without its version suffix. */
static size_t base_len(const char *name)
{
	const char *at = strchr(name, '@');
	return at && at != name ? (size_t)(at - name) : strlen(name);
}

static int merge_cmp(const void *pa, const void *pb)
{
	const struct elf_func *a = pa, *b = pb;
	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	size_t la = base_len(a->name), lb = base_len(b->name);
	int c = memcmp(a->name, b->name, la < lb ? la : lb);
	if (c)
		return c;
	if (la != lb)
		return la < lb ? -1 : 1;
	/* the unversioned spelling first: it is the one kept */
	return (a->name[la] != 0) - (b->name[lb] != 0);
}

static int bind_strength(uint8_t bind)
{
	return bind == STB_GLOBAL ? 2 : bind == STB_WEAK ? 1 : 0;
}

static void func_free_names(struct elf_func *f)
{
	if (f->display != f->name)
		free((char *)f->display);
	free((char *)f->name);
	f->name = f->display = NULL;
}

/* ---- symbols ---- */

static void add_symbols(struct reader *r, const struct elf_symtab *t, uint8_t table)
{
	struct elf_funcs *ef = r->ef;
	for (size_t i = 0; i < t->nfuncs; i++) {
		const struct elf_sym *s = t->funcs[i];
		uint64_t off;
		if (s->shndx == SHN_UNDEF || (s->shndx >= SHN_LORESERVE && s->shndx != SHN_XINDEX))
			continue;
		if (!vaddr_to_off(r, s->value, &off)) {
			ef->nskipped++;
			continue;
		}
		/* a version is known from the name ("foo@V" hidden, "foo@@V" default) or from
		 * .gnu.version for .dynsym, whose names carry none */
		const char *at = strchr(s->name, '@');
		bool known = at && at != s->name;
		bool hidden = known && at[1] != '@';
		if (table == ELF_FUNCS_DYNSYM && s->index < r->nversym) {
			known = true;
			hidden = (r->versym[s->index] & 0x8000) != 0;
		}
		xgrow(&ef->funcs, sizeof(*ef->funcs), &r->funcs_cap, ef->n + 1);
		ef->funcs[ef->n++] = (struct elf_func){
			.name = xstrdup(s->name), .addr = s->value, .size = s->size, .off = off,
			/* STB_GNU_UNIQUE and other binds are global as far as tracing goes */
			.bind = s->bind == STB_LOCAL ? STB_LOCAL : s->bind == STB_WEAK ? STB_WEAK :
				STB_GLOBAL,
			.tables = (uint8_t)(table | (known ? VERSION_KNOWN : 0)), .ifunc = s->type == STT_GNU_IFUNC,
			.suffixed = strchr(s->name + 1, '.') != NULL, .hidden_version = hidden,
		};
	}
}

/* One entry per (name without version, address): the .symtab and .dynsym copies of a symbol
 * become one; display names are computed for what remains, then the final order. */
static void merge_and_sort(struct elf_funcs *ef)
{
	size_t out = 0;
	if (ef->n)
		qsort(ef->funcs, ef->n, sizeof(*ef->funcs), merge_cmp);
	for (size_t i = 0; i < ef->n; i++) {
		struct elf_func *f = &ef->funcs[i];
		if (out && merge_cmp(&ef->funcs[out - 1], f) == 0) {
			struct elf_func *k = &ef->funcs[out - 1];
			/* hidden only if every copy whose version is known says so: the same code
			 * under foo@V1 and foo@@V2 is reachable by the default name */
			if ((k->tables & VERSION_KNOWN) && (f->tables & VERSION_KNOWN))
				k->hidden_version = k->hidden_version && f->hidden_version;
			else if (f->tables & VERSION_KNOWN)
				k->hidden_version = f->hidden_version;
			k->tables |= f->tables;
			k->ifunc |= f->ifunc;
			if (bind_strength(f->bind) > bind_strength(k->bind))
				k->bind = f->bind;
			if (!k->size)
				k->size = f->size;
			func_free_names(f);
			continue;
		}
		ef->funcs[out++] = *f;
	}
	ef->n = out;
	for (size_t i = 0; i < ef->n; i++) {
		ef->funcs[i].tables &= (uint8_t)~VERSION_KNOWN;
		ef->funcs[i].display = display_of((char *)ef->funcs[i].name);
	}
	if (ef->n)
		qsort(ef->funcs, ef->n, sizeof(*ef->funcs), func_cmp);
}

static void load_table(struct reader *r, Elf_Scn *scn, uint8_t table)
{
	struct elf_symtab t;
	char err[256];
	if (!scn || elf_symtab_load(r->elf, scn, &t, err, sizeof(err)) < 0)
		return; /* a broken table gives no functions; the other table may */
	if (table == ELF_FUNCS_SYMTAB)
		r->ef->has_symtab = true;
	add_symbols(r, &t, table);
	elf_symtab_free(&t);
}

static int slot_cmp(const void *pa, const void *pb)
{
	const struct elf_funcs_slot *a = pa, *b = pb;
	return a->got < b->got ? -1 : a->got > b->got;
}

/* The GOT slots of relocation section rela (SHT_RELA over .dynsym): JUMP_SLOT (a PLT stub's)
 * and GLOB_DAT (-fno-plt calls, function pointers) with their symbols' names. A relocation
 * naming no symbol, or one the table does not have, is left out. */
static void read_slots(struct reader *r, Elf_Scn *rela, Elf_Scn *dynsym, size_t *cap)
{
	struct elf_funcs *ef = r->ef;
	GElf_Shdr rs, ds;
	Elf_Data *rd = elf_getdata(rela, NULL), *dd = elf_getdata(dynsym, NULL);
	if (!rd || !dd || !gelf_getshdr(rela, &rs) || !gelf_getshdr(dynsym, &ds) ||
	    rs.sh_entsize != sizeof(Elf64_Rela) || ds.sh_entsize != sizeof(Elf64_Sym))
		return;
	size_t n = rd->d_size / sizeof(Elf64_Rela), nsyms = dd->d_size / sizeof(Elf64_Sym);
	for (size_t i = 0; i < n; i++) {
		GElf_Rela re;
		GElf_Sym sym;
		if (!gelf_getrela(rd, (int)i, &re))
			break;
		unsigned type = (unsigned)GELF_R_TYPE(re.r_info);
		size_t si = GELF_R_SYM(re.r_info);
		if ((type != R_X86_64_JUMP_SLOT && type != R_X86_64_GLOB_DAT) || si == 0 ||
		    si >= nsyms || !gelf_getsym(dd, (int)si, &sym))
			continue;
		const char *nm = elf_strptr(r->elf, ds.sh_link, sym.st_name);
		if (!nm || !*nm)
			continue;
		xgrow(&ef->slots, sizeof(*ef->slots), cap, ef->nslots + 1);
		ef->slots[ef->nslots++] = (struct elf_funcs_slot){
			.got = re.r_offset, .name = xstrndup(nm, base_len(nm)),
		};
	}
}

static int read_elf(struct reader *r, char *err, size_t errlen)
{
	struct elf_funcs *ef = r->ef;
	Elf_Scn *scn = NULL, *symtab = NULL, *dynsym = NULL, *versym = NULL;
	GElf_Shdr sh;
	const char *name;
	int rc;
	Elf_Scn *relas[8];
	size_t nrelas = 0, slots_cap = 0;

	if (read_headers(r, err, errlen) < 0)
		return -1;
	while ((rc = elf_file_next_section(r->file, &scn, &sh, &name, err, errlen)) > 0) {
		if (sh.sh_type == SHT_RELA && nrelas < 8 && ef->machine == EM_X86_64)
			relas[nrelas++] = scn;
		if (sh.sh_type == SHT_SYMTAB && !symtab)
			symtab = scn;
		else if (sh.sh_type == SHT_DYNSYM && !dynsym)
			dynsym = scn;
		else if (sh.sh_type == SHT_GNU_versym && !versym)
			versym = scn;
		add_section(r, name, &sh);
	}
	if (rc < 0)
		return -1;
	/* .gnu.version belongs to .dynsym (its sh_link); one for another table is ignored */
	if (versym && dynsym) {
		GElf_Shdr vs;
		if (gelf_getshdr(versym, &vs) && vs.sh_link == elf_ndxscn(dynsym))
			read_versym(r, versym);
	}
	load_table(r, symtab, ELF_FUNCS_SYMTAB);
	load_table(r, dynsym, ELF_FUNCS_DYNSYM);
	merge_and_sort(ef);
	for (size_t i = 0; i < nrelas && dynsym; i++) {
		GElf_Shdr rs;
		if (gelf_getshdr(relas[i], &rs) && rs.sh_link == elf_ndxscn(dynsym))
			read_slots(r, relas[i], dynsym, &slots_cap);
	}
	if (ef->nslots)
		qsort(ef->slots, ef->nslots, sizeof(*ef->slots), slot_cmp);
	/* the segments go after the sections: bytes are looked for in sections first */
	for (size_t i = 0; i < r->nsegs; i++) {
		xgrow(&ef->secs, sizeof(*ef->secs), &r->secs_cap, ef->nsecs + 1);
		ef->secs[ef->nsecs++] = r->segs[i];
	}
	return 0;
}

/* Read the file open as `file` into ef; *out is ef, or NULL (ef freed) after a failure. */
static int read_with(struct elf_file *file, struct elf_funcs *ef, struct elf_funcs **out,
		     char *err, size_t errlen)
{
	struct reader r = {.ef = ef, .file = file, .elf = file->elf, .size = file->size};
	int rc = read_elf(&r, err, errlen);
	free(r.segs);
	free(r.versym);
	elf_file_close(file);
	if (rc < 0) {
		elf_funcs_free(ef);
		return -1;
	}
	*out = ef;
	return 0;
}

int elf_funcs_open(const char *path, struct elf_funcs **out, char *err, size_t errlen)
{
	struct elf_file file;
	struct elf_funcs *ef;

	*out = NULL;
	if (elf_file_open(&file, path, err, errlen) < 0)
		return -1;
	ef = xcalloc(1, sizeof(*ef));
	ef->path = xstrdup(path);
	ef->dev = file.dev;
	ef->ino = file.ino;
	ef->file_size = file.size;
	ef->mtime_sec = file.mtime_sec;
	ef->mtime_nsec = file.mtime_nsec;
	return read_with(&file, ef, out, err, errlen);
}

int elf_funcs_from_memory(const char *name, const void *image, size_t size,
			  struct elf_funcs **out, char *err, size_t errlen)
{
	struct elf_file file;
	struct elf_funcs *ef;

	*out = NULL;
	if (elf_file_from_memory(&file, name, image, size, err, errlen) < 0)
		return -1;
	ef = xcalloc(1, sizeof(*ef));
	ef->path = xstrdup(name);
	/* the copy libelf reads is kept for the bytes of functions too */
	ef->image = file.image;
	file.image = NULL;
	ef->image_size = size;
	ef->file_size = size;
	return read_with(&file, ef, out, err, errlen);
}

void elf_funcs_free(struct elf_funcs *ef)
{
	if (!ef)
		return;
	for (size_t i = 0; i < ef->n; i++)
		func_free_names(&ef->funcs[i]);
	for (size_t i = 0; i < ef->nsecs; i++)
		free(ef->secs[i].name);
	for (size_t i = 0; i < ef->nslots; i++)
		free(ef->slots[i].name);
	free(ef->slots);
	free(ef->funcs);
	free(ef->secs);
	free(ef->image);
	free(ef->path);
	free(ef);
}

/* ---- lookup ---- */

const struct elf_func *elf_funcs_next_match(const struct elf_funcs *ef, const char *glob,
					    size_t *pos)
{
	for (size_t i = *pos; i < ef->n; i++) {
		const struct elf_func *f = &ef->funcs[i];
		if (fnmatch(glob, f->display, 0) == 0 ||
		    (f->name != f->display && fnmatch(glob, f->name, 0) == 0)) {
			*pos = i + 1;
			return f;
		}
	}
	*pos = ef->n;
	return NULL;
}

const struct elf_func *elf_funcs_canonical(const struct elf_funcs *ef, const struct elf_func *fn)
{
	size_t i = (size_t)(fn - ef->funcs);
	while (i > 0 && ef->funcs[i - 1].addr == fn->addr)
		i--;
	return &ef->funcs[i];
}

/* ---- instructions ---- */

/* Where fn's bytes are in the file: the section holding its address, else a segment. */
static int locate_bytes(const struct elf_funcs *ef, const struct elf_func *fn, uint64_t *off,
			char *err, size_t errlen)
{
	const char *what = fn->display;
	for (size_t i = 0; i < ef->nsecs; i++) {
		const struct elf_funcs_sec *s = &ef->secs[i];
		if (fn->addr < s->addr || fn->addr - s->addr >= s->size)
			continue;
		const char *where = s->name ? s->name : "its loadable segment";
		if (s->nobits)
			return util_seterr(err, errlen, "%s: function %s at %#llx lies in %s, which has no "
					   "bytes in the file (NOBITS)", ef->path, what,
					   (unsigned long long)fn->addr, where);
		if (fn->size > s->size - (fn->addr - s->addr))
			return util_seterr(err, errlen, "%s: function %s at %#llx (%llu bytes) runs past "
					   "the end of %s", ef->path, what, (unsigned long long)fn->addr,
					   (unsigned long long)fn->size, where);
		*off = s->off + (fn->addr - s->addr);
		if (*off < s->off || *off > ef->file_size || fn->size > ef->file_size - *off)
			return util_seterr(err, errlen, "%s: the bytes of function %s lie outside the "
					   "file (%llu bytes; truncated?)", ef->path, what,
					   (unsigned long long)ef->file_size);
		return 0;
	}
	return util_seterr(err, errlen, "%s: function %s at %#llx is in no section or loadable "
			   "segment", ef->path, what, (unsigned long long)fn->addr);
}

static int read_bytes(const struct elf_funcs *ef, uint64_t off, unsigned char *buf, size_t len,
		      char *err, size_t errlen)
{
	if (ef->image) {
		memcpy(buf, ef->image + off, len);
		return 0;
	}
	int fd = proc_path_open(ef->path, O_RDONLY);
	if (fd < 0)
		return util_seterr(err, errlen, "%s: %s", ef->path, strerror(errno));
	struct stat st;
	if (fstat(fd, &st) < 0 || st.st_dev != ef->dev || st.st_ino != ef->ino ||
	    (uint64_t)st.st_size != ef->file_size || st.st_mtim.tv_sec != ef->mtime_sec ||
	    st.st_mtim.tv_nsec != ef->mtime_nsec) {
		close(fd);
		return util_seterr(err, errlen, "%s: the file changed on disk since it was read",
				   ef->path);
	}
	size_t done = 0;
	while (done < len) {
		ssize_t n = pread(fd, buf + done, len - done, (off_t)(off + done));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int e = n < 0 ? errno : 0;
			close(fd);
			return util_seterr(err, errlen, "%s: cannot read %zu bytes at offset %#llx: %s",
					   ef->path, len, (unsigned long long)off,
					   e ? strerror(e) : "end of file");
		}
		done += (size_t)n;
	}
	close(fd);
	return 0;
}

/* What a call's or jump's operand (capstone's text, without detail mode) reaches: "0x1234"
 * a direct target; "qword ptr [rip + 0x2fe2]" a slot at next + 0x2fe2 (next: the address
 * after the instruction); anything else indirect. */
static enum elf_call_kind call_operand(const char *op, uint64_t next, uint64_t *to)
{
	char *end;
	if (strncmp(op, "0x", 2) == 0) {
		unsigned long long v = strtoull(op, &end, 16);
		if (*end == '\0') {
			*to = v;
			return ELF_CALL_DIRECT;
		}
	}
	static const char slot[] = "qword ptr [rip ";
	if (strncmp(op, slot, sizeof(slot) - 1) == 0) {
		const char *q = op + sizeof(slot) - 1;
		bool neg = *q == '-';
		if ((*q == '+' || *q == '-') && q[1] == ' ' && strncmp(q + 2, "0x", 2) == 0) {
			unsigned long long v = strtoull(q + 2, &end, 16);
			if (strcmp(end, "]") == 0) {
				*to = neg ? next - v : next + v;
				return ELF_CALL_SLOT;
			}
		}
	}
	*to = 0;
	return ELF_CALL_INDIRECT;
}

static int decode(const struct elf_funcs *ef, const unsigned char *code, size_t size,
		  uint64_t addr, struct elf_insns *out, char *err, size_t errlen)
{
	csh h;
	cs_err ce = cs_open(CS_ARCH_X86, CS_MODE_64, &h);
	if (ce != CS_ERR_OK)
		return util_seterr(err, errlen, "%s: capstone: %s", ef->path, cs_strerror(ce));
	cs_insn *insn = cs_malloc(h);
	if (!insn) {
		cs_close(&h);
		return util_seterr(err, errlen, "%s: capstone: out of memory", ef->path);
	}
	size_t cap = 0, rcap = 0, fcap = 0, ccap = 0, left = size;
	const uint8_t *p = code;
	uint64_t start = addr;
	while (left) {
		uint64_t at = size - left;
		if (!cs_disasm_iter(h, &p, &left, &addr, insn))
			break;
		xgrow(&out->offs, sizeof(*out->offs), &cap, out->n + 1);
		xgrow(&out->refused, sizeof(*out->refused), &fcap, out->n + 1);
		out->refused[out->n] = elf_x86_uprobe_refuses(insn->bytes, insn->size);
		out->offs[out->n++] = at;
		if (insn->id == X86_INS_RET) {
			xgrow(&out->rets, sizeof(*out->rets), &rcap, out->nrets + 1);
			out->rets[out->nrets++] = at;
		}
		if (insn->id == X86_INS_CALL) {
			xgrow(&out->calls, sizeof(*out->calls), &ccap, out->ncalls + 1);
			struct elf_call *c = &out->calls[out->ncalls++];
			*c = (struct elf_call){ .off = at, .size = (uint8_t)insn->size };
			c->kind = call_operand(insn->op_str, insn->address + insn->size, &c->to);
		}
		if (insn->id == X86_INS_JMP) {
			/* without capstone's detail mode the operand is text: "0x1234" for a direct
			 * target, a register or memory operand otherwise */
			char *end;
			unsigned long long to = strtoull(insn->op_str, &end, 16);
			bool direct = strncmp(insn->op_str, "0x", 2) == 0 && *end == '\0';
			if (!direct || to < start || to >= start + size)
				out->ntails++;
		}
	}
	out->decoded = size - left;
	out->complete = left == 0;
	cs_free(insn, 1);
	cs_close(&h);
	return 0;
}

int elf_funcs_read(const struct elf_funcs *ef, const struct elf_func *fn, uint64_t at,
		   unsigned char *buf, size_t len, char *err, size_t errlen)
{
	uint64_t off;
	if (at >= fn->size)
		return util_seterr(err, errlen, "%s: offset %#llx is outside function %s", ef->path,
				   (unsigned long long)at, fn->display);
	if (locate_bytes(ef, fn, &off, err, errlen) != 0)
		return -1;
	if (len > fn->size - at)
		len = (size_t)(fn->size - at);
	if (read_bytes(ef, off + at, buf, len, err, errlen) != 0)
		return -1;
	return (int)len;
}

int elf_funcs_insn_offsets(const struct elf_funcs *ef, const struct elf_func *fn,
			   struct elf_insns *out, char *err, size_t errlen)
{
	uint64_t off = 0;
	memset(out, 0, sizeof(*out));
	if (ef->machine != EM_X86_64)
		return util_seterr(err, errlen, "%s: instructions are decoded for x86-64 only (ELF "
				   "machine %d)", ef->path, ef->machine);
	if (!fn->size)
		return util_seterr(err, errlen, "%s: function %s has no size: its instructions "
				   "cannot be told from what follows", ef->path, fn->display);
	if (fn->size > MAX_FUNC_SIZE)
		return util_seterr(err, errlen, "%s: function %s: size %llu is implausible", ef->path,
				   fn->display, (unsigned long long)fn->size);
	if (locate_bytes(ef, fn, &off, err, errlen) < 0)
		return -1;
	unsigned char *buf = xmalloc((size_t)fn->size);
	int rc = read_bytes(ef, off, buf, (size_t)fn->size, err, errlen);
	if (rc == 0)
		rc = decode(ef, buf, (size_t)fn->size, fn->addr, out, err, errlen);
	free(buf);
	if (rc < 0)
		elf_insns_free(out);
	return rc;
}

bool elf_x86_uprobe_refuses(const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		switch (b[i]) {
		case 0xf0: case 0x26: case 0x2e: case 0x36: case 0x3e:
			return true;
		case 0x64: case 0x65: case 0x66: case 0x67: case 0xf2: case 0xf3:
			continue; /* the other legacy prefixes */
		case 0xcc: case 0xcd: case 0xce: case 0xf1: case 0xf4:
			return true;
		default:
			return false;
		}
	}
	return false;
}

/* The length of the x86-64 instruction 0f 1f /0 ("nopl", opcode at b[0]) from its ModRM
 * byte on, or 0 when b is not one: opcode, ModRM, SIB when rm is 100, displacement by mod
 * (rip-relative disp32 when mod is 00 and rm 101, disp32 when a SIB's base is 101 under mod
 * 00). */
static size_t nopl_len(const unsigned char *b, size_t n)
{
	if (n < 3 || b[0] != 0x0f || b[1] != 0x1f || ((b[2] >> 3) & 7) != 0)
		return 0;
	unsigned mod = b[2] >> 6, rm = b[2] & 7;
	size_t len = 3;
	if (mod == 3)
		return len;
	if (rm == 4) {
		if (n < 4)
			return 0;
		if (mod == 0 && (b[3] & 7) == 5)
			len += 4;
		len++;
	} else if (mod == 0 && rm == 5) {
		len += 4;
	}
	return len + (mod == 1 ? 1 : mod == 2 ? 4 : 0);
}

bool elf_x86_uprobe_optimizable(const unsigned char *b, size_t n, uint64_t vaddr)
{
	size_t p = 0;
	while (p < n && b[p] == 0x66)
		p++;
	size_t len = p < n && b[p] == 0x90 ? p + 1 : p + nopl_len(b + p, n - p);
	return len == 5 && len <= n && (vaddr & 0xfff) <= 0x1000 - 5;
}

uint64_t elf_x86_entry_site(const unsigned char *b, size_t n, uint64_t vaddr)
{
	static const unsigned char endbr64[4] = { 0xf3, 0x0f, 0x1e, 0xfa };
	if (n >= 9 && memcmp(b, endbr64, 4) == 0 &&
	    elf_x86_uprobe_optimizable(b + 4, n - 4, vaddr + 4))
		return 4;
	return 0;
}

/* Whether b[0..n) is a whole number of nops: 90 or 0f 1f /0, each with 66 prefixes. */
static bool all_nops(const unsigned char *b, size_t n)
{
	size_t p = 0;
	while (p < n) {
		size_t q = p;
		while (q < n && b[q] == 0x66)
			q++;
		size_t len = q < n && b[q] == 0x90 ? 1 : nopl_len(b + q, n - q);
		if (len == 0 || q + len > n)
			return false;
		p = q + len;
	}
	return true;
}

bool elf_x86_site_rsp_lowered(const unsigned char *b, size_t k)
{
	static const unsigned char lea_down[5] = { 0x48, 0x8d, 0x64, 0x24, 0x80 };
	for (size_t pad = 0; pad + 5 <= k && pad <= 7; pad++)
		if (memcmp(b + k - pad - 5, lea_down, 5) == 0 && all_nops(b + k - pad, pad))
			return true;
	return false;
}

static const char *slot_name(const struct elf_funcs *ef, uint64_t got)
{
	size_t lo = 0, hi = ef->nslots;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (ef->slots[mid].got < got)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ef->nslots && ef->slots[lo].got == got ? ef->slots[lo].name : NULL;
}

/* The function whose bytes hold addr (the canonical alias), or NULL. */
static const struct elf_func *func_at(const struct elf_funcs *ef, uint64_t addr)
{
	for (size_t i = 0; i < ef->n; i++)
		if (addr >= ef->funcs[i].addr && addr < ef->funcs[i].addr + ef->funcs[i].size)
			return elf_funcs_canonical(ef, &ef->funcs[i]);
	return NULL;
}

/* A PLT stub at addr (in a section named .plt*): the slot its first jump reads (past an
 * endbr64), or 0. */
static uint64_t stub_slot(const struct elf_funcs *ef, uint64_t addr)
{
	const struct elf_funcs_sec *sec = NULL;
	for (size_t i = 0; i < ef->nsecs && !sec; i++)
		if (ef->secs[i].name && strncmp(ef->secs[i].name, ".plt", 4) == 0 &&
		    addr >= ef->secs[i].addr && addr - ef->secs[i].addr < ef->secs[i].size)
			sec = &ef->secs[i];
	if (!sec || sec->nobits)
		return 0;
	uint64_t left = sec->size - (addr - sec->addr);
	struct elf_func stub = { .name = sec->name, .display = sec->name, .addr = addr,
				 .size = left < 16 ? left : 16 };
	unsigned char b[16];
	char err[256];
	int n = elf_funcs_read(ef, &stub, 0, b, sizeof(b), err, sizeof(err));
	if (n <= 0)
		return 0;
	csh h;
	if (cs_open(CS_ARCH_X86, CS_MODE_64, &h) != CS_ERR_OK)
		return 0;
	cs_insn *insn = cs_malloc(h);
	uint64_t got = 0, at = addr;
	const uint8_t *p = b;
	size_t len = (size_t)n;
	for (int k = 0; k < 2 && insn && cs_disasm_iter(h, &p, &len, &at, insn); k++) {
		if (insn->id == X86_INS_ENDBR64)
			continue;
		uint64_t to;
		if (insn->id == X86_INS_JMP &&
		    call_operand(insn->op_str, insn->address + insn->size, &to) == ELF_CALL_SLOT)
			got = to;
		break;
	}
	if (insn)
		cs_free(insn, 1);
	cs_close(&h);
	return got;
}

const char *elf_funcs_call_name(const struct elf_funcs *ef, const struct elf_call *c)
{
	if (c->kind == ELF_CALL_SLOT)
		return slot_name(ef, c->to);
	if (c->kind != ELF_CALL_DIRECT)
		return NULL;
	const struct elf_func *f = func_at(ef, c->to);
	if (f && f->addr == c->to)
		return f->display;
	uint64_t got = f ? 0 : stub_slot(ef, c->to);
	return got ? slot_name(ef, got) : NULL;
}

void elf_insns_free(struct elf_insns *in)
{
	free(in->offs);
	free(in->refused);
	free(in->rets);
	free(in->calls);
	memset(in, 0, sizeof(*in));
}

long elf_insns_index(const struct elf_insns *in, uint64_t off)
{
	size_t lo = 0, hi = in->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (in->offs[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < in->n && in->offs[lo] == off ? (long)lo : -1;
}

bool elf_insns_has(const struct elf_insns *in, uint64_t off)
{
	return elf_insns_index(in, off) >= 0;
}

/* The address fn has where object o is mapped: the file offset's place in the mapping. */
static uint64_t mapped_addr(const struct proc_object *o, const struct elf_func *fn)
{
	if (fn->off < o->start_off || o->start + (fn->off - o->start_off) >= o->end)
		return 0;
	return o->start + (fn->off - o->start_off);
}

/* Function `name` of object o, mapped; 0 when it has none. */
static uint64_t object_func_addr(const struct proc_object *o, const char *name)
{
	struct elf_funcs *ef;
	char err[256];
	if (elf_funcs_open(o->open_path ? o->open_path : o->path, &ef, err, sizeof(err)) != 0)
		return 0;
	size_t pos = 0;
	const struct elf_func *fn;
	uint64_t addr = 0;
	while (!addr && (fn = elf_funcs_next_match(ef, name, &pos)) != NULL)
		if (strcmp(fn->name, name) == 0 && !fn->ifunc)
			addr = mapped_addr(o, fn);
	elf_funcs_free(ef);
	return addr;
}

uint64_t elf_funcs_proc_addr(pid_t pid, const char *name, bool exe_only)
{
	struct proc_maps *m;
	char err[256], link[64], exe[4096];
	if (proc_maps_read(pid, &m, err, sizeof(err)) != 0)
		return 0;
	snprintf(link, sizeof(link), "/proc/%d/exe", (int)pid);
	ssize_t n = readlink(link, exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = '\0';
	uint64_t addr = 0;
	/* the executable first, then the others in map order */
	for (int pass = 0; pass < 2 && !addr; pass++)
		for (int i = 0; i < m->nobjs && !addr; i++) {
			bool is_exe = *exe && strcmp(m->objs[i].path, exe) == 0;
			if (is_exe == (pass == 0) && (pass == 0 || !exe_only))
				addr = object_func_addr(&m->objs[i], name);
		}
	proc_maps_free(m);
	return addr;
}
