/* usym.c — per-pid captures of /proc/PID/maps and per-file function symbols (usym.h). */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "cfi_elf.h"
#include "elf_file.h"
#include "elf_debugfile.h"
#include "elf_minidebug.h"
#include "elf_symtab.h"
#include "usym.h"

#include "ksym.h"
#include "proc_maps.h"
#include "proc_path.h"
#include "util.h"

struct usym_load {        /* a PT_LOAD segment: file offsets to link-time addresses */
	uint64_t off, filesz, vaddr;
};

struct usym_obj {
	dev_t dev;
	ino_t ino;
	char *module;
	bool tried;               /* symbols loaded, or failed to: never tried again */
	struct elf_symtab syms;   /* names point into `names` */
	char *names;
	struct usym_load *loads;
	size_t nloads;
};

struct usym_map {
	uint64_t start, end, off;
	struct usym_obj *obj;
};

/* A miss re-reads a live process's maps at most this often; a capture keeps at most this many
 * mappings, those it maps now first. */
#define USYM_REREAD_MS 100
#define USYM_MAPS_KEPT 16384

struct usym_proc {
	pid_t pid;
	bool ok;                  /* the last capture could read the maps */
	struct usym_map *maps;
	size_t nmaps;
	int64_t read_ms;          /* CLOCK_MONOTONIC of the last read */
};

struct usym_db {
	struct usym_proc *procs;
	size_t nprocs, pcap;
	struct usym_obj **objs;
	size_t nobjs, ocap;
	size_t last;              /* index of the last process looked up (consecutive frames) */
	bool noresolve;           /* usym_db_set_noresolve */
};

struct usym_db *usym_db_new(void)
{
	return xcalloc(1, sizeof(struct usym_db));
}

void usym_db_set_noresolve(struct usym_db *db, bool on)
{
	db->noresolve = on;
}

static void obj_free(struct usym_obj *o)
{
	free(o->module);
	elf_symtab_free(&o->syms);
	free(o->names);
	free(o->loads);
	free(o);
}

void usym_db_free(struct usym_db *db)
{
	if (!db)
		return;
	for (size_t i = 0; i < db->nprocs; i++)
		free(db->procs[i].maps);
	free(db->procs);
	for (size_t i = 0; i < db->nobjs; i++)
		obj_free(db->objs[i]);
	free(db->objs);
	free(db);
}

static int64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static Elf_Scn *find_table(Elf *elf, uint32_t type)
{
	for (Elf_Scn *s = elf_nextscn(elf, NULL); s; s = elf_nextscn(elf, s)) {
		GElf_Shdr sh;
		if (gelf_getshdr(s, &sh) && sh.sh_type == type)
			return s;
	}
	return NULL;
}

/* Where a table came from: a whole .symtab names every function; the others (.dynsym, and
 * MiniDebugInfo's .symtab beside it) leave gaps that FDE bounds fill. */
struct symsrc {
	struct elf_symtab t;
	bool unversion;           /* a .symtab: "__libc_start_main@@GLIBC_2.34" as .dynsym's name */
};

/* The table of section type `type` in elf loaded into src[*n] (nothing when there is none). */
static void add_table(Elf *elf, uint32_t type, bool unversion, struct symsrc *src, int *n)
{
	Elf_Scn *scn = elf ? find_table(elf, type) : NULL;
	char err[256];
	if (scn && elf_symtab_load(elf, scn, &src[*n].t, err, sizeof(err)) == 0) {
		src[*n].unversion = unversion;
		(*n)++;
	}
}

/* Whether a sized function of t contains addr. */
static bool covered(const struct elf_symtab *t, uint64_t addr)
{
	const struct elf_sym *s = elf_symtab_func_at(t, addr);
	return s && s->size && addr - s->value < s->size;
}

/* o->syms: the tables' symbols in one table, names copied into o->names (so the ELF handles
 * can be closed), then, unless a whole .symtab was among them, a function "fde_ADDR" for each
 * FDE of elf whose start no symbol covers (usym.h). */
static void merge_tables(struct usym_obj *o, Elf *elf, struct symsrc *src, int n, bool whole)
{
	size_t nsyms = 0, total = 0;
	for (int k = 0; k < n; k++) {
		nsyms += src[k].t.nsyms;
		for (size_t i = 0; i < src[k].t.nsyms; i++)
			total += strlen(src[k].t.syms[i].name) + 1;
	}
	uint64_t (*fdes)[2] = NULL;
	size_t nfdes = 0;
	if (!whole && cfi_elf_fde_bounds(elf, &fdes, &nfdes) != 0)
		nfdes = 0;
	/* the FDE names: "fde_" and at most 16 hex digits */
	total += nfdes * 21;
	struct elf_symtab *t = &o->syms;
	memset(t, 0, sizeof(*t));
	t->syms = xcalloc(nsyms + nfdes + 1, sizeof(*t->syms));
	o->names = xmalloc(total ? total : 1);
	char *p = o->names;
	for (int k = 0; k < n; k++)
		for (size_t i = 0; i < src[k].t.nsyms; i++) {
			struct elf_sym e = src[k].t.syms[i];
			size_t len = src[k].unversion ? strcspn(e.name, "@") : strlen(e.name);
			memcpy(p, e.name, len);
			p[len] = '\0';
			e.name = p;
			p += len + 1;
			if (n > 1)
				e.file = 0;   /* file symbols index their own table only */
			e.index = (uint32_t)t->nsyms;
			t->syms[t->nsyms++] = e;
		}
	elf_symtab_index(t);
	size_t real = t->nsyms;
	for (size_t i = 0; i < nfdes; i++) {
		if (covered(t, fdes[i][0]))
			continue;
		int len = snprintf(p, 21, "fde_%" PRIx64, fdes[i][0]);
		t->syms[t->nsyms] = (struct elf_sym){
			.name = p, .value = fdes[i][0], .size = fdes[i][1] - fdes[i][0],
			.type = STT_FUNC, .bind = STB_LOCAL, .index = (uint32_t)t->nsyms,
		};
		t->nsyms++;
		p += len + 1;
	}
	if (t->nsyms > real)
		elf_symtab_index(t);
	free(fdes);
}

/* Symbols and PT_LOAD segments of the file open as fd, mapped at path in process pid. The
 * symbols, in order of preference: the object's .symtab; the .symtab of its separate debug file
 * (by build ID, else by debuglink: Debian's -dbg packages, libc's static functions such as
 * __libc_start_call_main), whose addresses are the object's; else its .dynsym together with its
 * MiniDebugInfo's .symtab (.gnu_debugdata: the static functions, as Fedora ships them), and
 * functions from its FDEs where neither names one. */
static void obj_load_fd(struct usym_obj *o, int fd, pid_t pid, const char *path)
{
	if (!elf_file_libelf_ready())
		return;
	Elf *elf = elf_begin(fd, ELF_C_READ, NULL); /* bounded reads: see elf_file.h */
	if (!elf)
		return;
	size_t nph = 0;
	if (elf_kind(elf) != ELF_K_ELF || elf_getphdrnum(elf, &nph) != 0) {
		elf_end(elf);
		return;
	}
	o->loads = xcalloc(nph ? nph : 1, sizeof(*o->loads));
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD)
			o->loads[o->nloads++] = (struct usym_load){ ph.p_offset, ph.p_filesz,
								    ph.p_vaddr };
	}
	struct symsrc src[2];
	int n = 0;
	Elf *dbg = NULL;
	int dbgfd = -1;
	struct elf_minidebug md = { 0 };
	add_table(elf, SHT_SYMTAB, false, src, &n);
	if (n == 0) {
		char dir[4096];
		const char *slash = strrchr(path, '/');
		size_t dl = slash ? (size_t)(slash - path) : 0;
		if (slash && dl < sizeof(dir)) {
			memcpy(dir, path, dl);
			dir[dl] = '\0';
			dbgfd = elf_debugfile_find(elf, dir, pid, o->dev, o->ino);
		} else {
			dbgfd = elf_debugfile_open(elf, NULL);
		}
		if (dbgfd >= 0 && (dbg = elf_begin(dbgfd, ELF_C_READ, NULL)) != NULL &&
		    elf_kind(dbg) == ELF_K_ELF)
			add_table(dbg, SHT_SYMTAB, true, src, &n);
	}
	bool whole = n > 0;
	if (!whole) {
		add_table(elf, SHT_DYNSYM, false, src, &n);
		char err[200];
		if (elf_minidebug_open(elf, &md, err, sizeof(err)) == 0)
			add_table(md.elf, SHT_SYMTAB, false, src, &n);
	}
	merge_tables(o, elf, src, n, whole);
	for (int k = 0; k < n; k++)
		elf_symtab_free(&src[k].t);
	elf_minidebug_close(&md);
	if (dbg)
		elf_end(dbg);
	if (dbgfd >= 0)
		close(dbgfd);
	elf_end(elf);
}

static struct usym_obj *obj_get(struct usym_db *db, dev_t dev, ino_t ino, const char *path)
{
	for (size_t i = 0; i < db->nobjs; i++)
		if (db->objs[i]->dev == dev && db->objs[i]->ino == ino)
			return db->objs[i];
	struct usym_obj *o = xcalloc(1, sizeof(*o));
	o->dev = dev;
	o->ino = ino;
	const char *slash = strrchr(path, '/');
	o->module = xstrdup(slash ? slash + 1 : path);
	xgrow(&db->objs, sizeof(*db->objs), &db->ocap, db->nobjs + 1);
	db->objs[db->nobjs++] = o;
	return o;
}

/* Open a mapped file of pid: through map_files (deleted files, memfds) or the process's root
 * (other mount namespaces; symlinks resolved inside it: proc_path.h). -1 if neither works. */
static int open_mapped(pid_t pid, uint64_t start, uint64_t end, const char *path)
{
	char p[4096 + 64];
	snprintf(p, sizeof(p), "/proc/%d/map_files/%" PRIx64 "-%" PRIx64, (int)pid, start, end);
	int fd = open(p, O_RDONLY | O_CLOEXEC);
	if (fd >= 0)
		return fd;
	return proc_root_open(pid, path, O_RDONLY);
}

static struct usym_proc *proc_find(struct usym_db *db, pid_t pid)
{
	if (db->last < db->nprocs && db->procs[db->last].pid == pid)
		return &db->procs[db->last];
	for (size_t i = 0; i < db->nprocs; i++)
		if (db->procs[i].pid == pid) {
			db->last = i;
			return &db->procs[i];
		}
	return NULL;
}

/* One line of /proc/PID/maps with a file behind it: start, end, offset, device, inode, path
 * (" (deleted)" dropped). false for anonymous and pseudo mappings ([heap], [vdso]...). */
static bool parse_line(char *line, struct usym_map *m, dev_t *dev, ino_t *ino, char **path)
{
	struct proc_maps_line ml;
	line[strcspn(line, "\n")] = '\0';
	if (proc_maps_line_parse(line, &ml) != 0 || ml.path[0] != '/')
		return false;
	char *p = line + (ml.path - line);   /* ml.path points into our own line */
	size_t len = strlen(p);
	const char *del = " (deleted)";
	if (len > strlen(del) && strcmp(p + len - strlen(del), del) == 0)
		p[len - strlen(del)] = '\0';
	m->start = ml.start;
	m->end = ml.end;
	m->off = ml.off;
	*dev = makedev(ml.dev_major, ml.dev_minor);
	*ino = (ino_t)ml.ino;
	*path = p;
	return true;
}

int usym_capture(struct usym_db *db, pid_t pid, bool refresh)
{
	struct usym_proc *pr = proc_find(db, pid);
	if (pr && !refresh)
		return pr->ok ? 0 : -1;
	if (!pr) {
		xgrow(&db->procs, sizeof(*db->procs), &db->pcap, db->nprocs + 1);
		pr = &db->procs[db->nprocs++];
		memset(pr, 0, sizeof(*pr));
		pr->pid = pid;
	}
	pr->read_ms = now_ms();
	char p[64];
	snprintf(p, sizeof(p), "/proc/%d/maps", (int)pid);
	FILE *f = pid > 0 ? fopen(p, "re") : NULL;
	if (!f)
		return pr->ok ? 0 : -1;   /* gone: an earlier capture stays good */
	struct usym_map *maps = NULL;
	size_t n = 0, cap = 0;
	char *line = NULL;
	size_t lcap = 0;
	while (getline(&line, &lcap, f) > 0) {
		struct usym_map m;
		dev_t dev;
		ino_t ino;
		char *path;
		if (!parse_line(line, &m, &dev, &ino, &path))
			continue;
		m.obj = obj_get(db, dev, ino, path);
		if (!m.obj->tried) {
			m.obj->tried = true;
			int fd = open_mapped(pid, m.start, m.end, path);
			if (fd >= 0) {
				obj_load_fd(m.obj, fd, pid, path);
				close(fd);
			}
		}
		xgrow(&maps, sizeof(*maps), &cap, n + 1);
		maps[n++] = m;
	}
	free(line);
	fclose(f);
	if (n == 0 && pr->ok) {
		free(maps);   /* read while exiting (maps already torn down): keep what we had */
		return 0;
	}
	/* What the process no longer maps stays, after what it maps now, unless something new
	 * lies there: the stacks recorded before an exec (the image that exec'd) or before a
	 * dlclose() are printed later, often after the process is gone. */
	for (size_t i = 0; i < pr->nmaps && n < USYM_MAPS_KEPT; i++) {
		const struct usym_map *o = &pr->maps[i];
		bool covered = false;
		for (size_t k = 0; k < n && !covered; k++)
			covered = o->start < maps[k].end && maps[k].start < o->end;
		if (covered)
			continue;
		xgrow(&maps, sizeof(*maps), &cap, n + 1);
		maps[n++] = *o;
	}
	free(pr->maps);
	pr->maps = maps;
	pr->nmaps = n;
	pr->ok = n > 0;
	return pr->ok ? 0 : -1;
}

size_t usym_pids(const struct usym_db *db, pid_t **out)
{
	*out = xcalloc(db->nprocs + 1, sizeof(**out));
	for (size_t i = 0; i < db->nprocs; i++)
		(*out)[i] = db->procs[i].pid;
	return db->nprocs;
}

void usym_forget(struct usym_db *db, pid_t pid)
{
	struct usym_proc *pr = proc_find(db, pid);
	if (!pr)
		return;
	free(pr->maps);
	*pr = db->procs[--db->nprocs];
	db->last = 0;
}

static const struct usym_map *map_at(const struct usym_proc *pr, uint64_t addr)
{
	for (size_t i = 0; i < pr->nmaps; i++)
		if (addr >= pr->maps[i].start && addr < pr->maps[i].end)
			return &pr->maps[i];
	return NULL;
}

bool usym_lookup(struct usym_db *db, pid_t pid, uint64_t addr, struct usym_res *out)
{
	memset(out, 0, sizeof(*out));
	if (pid == USYM_KERNEL_PID) {
		struct ksym_res k;
		if (!ksym_lookup(addr, &k))
			return false;
		out->module = k.module;
		out->func = k.func;
		out->func_addr = k.func_addr;
		out->mod_base = k.mod_base;
		return true;
	}
	struct usym_proc *pr = proc_find(db, pid);
	if (!pr) {
		usym_capture(db, pid, false);
		pr = proc_find(db, pid);
	}
	if (!pr)
		return false;
	const struct usym_map *m = map_at(pr, addr);
	if (!m && now_ms() - pr->read_ms >= USYM_REREAD_MS) {
		usym_capture(db, pid, true);
		pr = proc_find(db, pid);
		m = pr ? map_at(pr, addr) : NULL;
	}
	if (!m)
		return false;
	struct usym_obj *o = m->obj;
	out->module = o->module;
	out->mod_base = m->start;
	out->map_start = m->start;
	for (size_t i = 0; i < pr->nmaps; i++)
		if (pr->maps[i].obj == o && pr->maps[i].start < out->mod_base)
			out->mod_base = pr->maps[i].start;
	uint64_t fo = addr - m->start + m->off;
	for (size_t i = 0; i < o->nloads; i++) {
		const struct usym_load *l = &o->loads[i];
		if (fo < l->off || fo - l->off >= l->filesz)
			continue;
		uint64_t vaddr = fo - l->off + l->vaddr;
		const struct elf_sym *s = elf_symtab_func_at(&o->syms, vaddr);
		if (s) {
			out->func = s->name;
			out->func_addr = addr - (vaddr - s->value);
		}
		break;
	}
	return true;
}

void usym_addr_str(struct usym_db *db, pid_t pid, uint64_t addr, struct strbuf *out)
{
	struct usym_bind b = { db, pid };
	struct dfmt_sym s = { 0 };
	dfmt_sym_text(usym_dfmt_symbolize(&b, addr, &s) ? &s : NULL, addr, out);
}

void usym_func_str(struct usym_db *db, pid_t pid, uint64_t addr, struct strbuf *out)
{
	struct usym_bind b = { db, pid };
	struct dfmt_sym s = { 0 };
	bool known = usym_dfmt_symbolize(&b, addr, &s);
	dfmt_sym_text(known ? &s : NULL, known && s.func ? s.func_addr : addr, out);
}

void usym_mod_str(struct usym_db *db, pid_t pid, uint64_t addr, struct strbuf *out)
{
	struct usym_res r;
	if (usym_lookup(db, pid, addr, &r) && r.module)
		strbuf_puts(out, r.module);
	else
		strbuf_printf(out, "0x%" PRIx64, addr);
}

/* A symbolizer's answer from a lookup's. */
static bool dfmt_sym_of(const struct usym_res *r, struct dfmt_sym *out)
{
	out->module = r->module;
	out->func = r->func;
	out->func_addr = r->func_addr;
	return true;
}

bool usym_dfmt_ksymbolize(void *arg, uint64_t addr, struct dfmt_sym *out)
{
	(void)arg;
	struct usym_res r;
	/* the kernel's symbols need no process table */
	return usym_lookup(NULL, USYM_KERNEL_PID, addr, &r) && dfmt_sym_of(&r, out);
}

bool usym_dfmt_symbolize(void *bind, uint64_t addr, struct dfmt_sym *out)
{
	const struct usym_bind *b = bind;
	struct usym_res r;
	if (!b || !b->db || !usym_lookup(b->db, b->pid, addr, &r))
		return false;
	dfmt_sym_of(&r, out);
	/* (noresolve is for user addresses: dtrace prints kernel symbols whatever it says) */
	out->noresolve = b->db->noresolve && r.module && b->pid != USYM_KERNEL_PID;
	out->map_start = r.map_start;
	return true;
}
