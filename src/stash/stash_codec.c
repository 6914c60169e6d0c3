/* stash_codec.c — encoding and bounds-checked decoding of stash records; see stash_codec.h.
 *
 * Object payload (version 1):
 *   stamp: dev, ino, size, mtime_ns, ctime_ns (u64)
 *   path str, elf_type u32, machine u32, entry u64, flags u32 (1 has_tls, 2 is_pie),
 *   tls_memsz, tls_align, tls_vaddr u64
 *   nsegs u32, each: vaddr, memsz, offset, filesz u64, flags u32
 *   nsites u32, sites; nensites u32, sites; each site:
 *     provider str, name str, function str?, pc, pc_off, sem, sem_off u64, argstr str?,
 *     from_dof u8, nbadargs u32, nargs u32, each argument:
 *       spec str?, size i32, flags u8 (1 signed, 2 float, 4 sym_resolved), kind u32, reg u32,
 *       reg_width u8, reg_shift u8, disp i64, base u32, index u32, scale u8, sym str?,
 *       sym_addr i64, error str?
 *   ntypes u32, each: provider str, name str, nargs u32 + strs, nxargs u32 + (str, map u32)
 *   decls str?, nwarnings u32 + strs
 * Process payload (version 1):
 *   pid u32, start_time u64, nobjs u32, each: dev, ino u64, deleted u8, start, start_off,
 *   end u64, path str, open_path str, module str */
#include "stash_codec.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STR_NULL 0xffffffffu

static uint64_t fnv64(const unsigned char *p, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

/* ---- writing ---- */

static void put_le(struct strbuf *b, uint64_t v, int n)
{
	char c[8];
	for (int i = 0; i < n; i++)
		c[i] = (char)(v >> (8 * i));
	strbuf_add(b, c, (size_t)n);
}
static void put_u8(struct strbuf *b, uint64_t v) { put_le(b, v, 1); }
static void put_u32(struct strbuf *b, uint64_t v) { put_le(b, v, 4); }
static void put_u64(struct strbuf *b, uint64_t v) { put_le(b, v, 8); }

static void put_str(struct strbuf *b, const char *s)
{
	if (!s) {
		put_u32(b, STR_NULL);
		return;
	}
	size_t n = strlen(s);
	put_u32(b, n);
	strbuf_add(b, s, n);
}

static void put_arg(struct strbuf *b, const struct usdt_arg *a)
{
	put_str(b, a->spec);
	put_u32(b, (uint32_t)a->size);
	put_u8(b, (a->is_signed ? 1 : 0) | (a->is_float ? 2 : 0) | (a->sym_resolved ? 4 : 0));
	put_u32(b, a->kind);
	put_u32(b, a->reg);
	put_u8(b, a->reg_width);
	put_u8(b, a->reg_shift);
	put_u64(b, (uint64_t)a->disp);
	put_u32(b, a->base);
	put_u32(b, a->index);
	put_u8(b, a->scale);
	put_str(b, a->sym);
	put_u64(b, (uint64_t)a->sym_addr);
	put_str(b, a->error);
}

static void put_site(struct strbuf *b, const struct usdt_site *s)
{
	put_str(b, s->provider);
	put_str(b, s->name);
	put_str(b, s->function);
	put_u64(b, s->pc);
	put_u64(b, s->pc_off);
	put_u64(b, s->sem);
	put_u64(b, s->sem_off);
	put_str(b, s->argstr);
	put_u8(b, s->from_dof);
	put_u32(b, (uint32_t)s->nbadargs);
	put_u32(b, (uint32_t)s->nargs);
	for (int i = 0; i < s->nargs; i++)
		put_arg(b, &s->args[i]);
}

/* The header in front of payload bytes [start, b->len). */
static void seal(struct strbuf *b, size_t start, uint32_t kind)
{
	struct strbuf h = {0};
	strbuf_add(&h, STASH_MAGIC, 8);
	put_u32(&h, STASH_FORMAT_VERSION);
	put_u32(&h, kind);
	put_u64(&h, b->len - start);
	put_u64(&h, fnv64((const unsigned char *)b->s + start, b->len - start));
	memcpy(b->s + start - STASH_HDR_SIZE, h.s, STASH_HDR_SIZE);
	strbuf_free(&h);
}

static size_t begin(struct strbuf *b)
{
	static const char zero[STASH_HDR_SIZE];
	strbuf_add(b, zero, sizeof(zero));
	return b->len;
}

void stash_encode_object(struct strbuf *b, const struct stash_stamp *st,
			 const struct usdt_file *f)
{
	size_t start = begin(b);
	put_u64(b, st->dev);
	put_u64(b, st->ino);
	put_u64(b, st->size);
	put_u64(b, st->mtime_ns);
	put_u64(b, st->ctime_ns);
	put_str(b, f->path);
	put_u32(b, (uint32_t)f->elf_type);
	put_u32(b, f->machine);
	put_u64(b, f->entry);
	put_u32(b, (f->has_tls ? 1 : 0) | (f->is_pie ? 2 : 0));
	put_u64(b, f->tls_memsz);
	put_u64(b, f->tls_align);
	put_u64(b, f->tls_vaddr);
	put_u32(b, (uint32_t)f->nsegs);
	for (int i = 0; i < f->nsegs; i++) {
		put_u64(b, f->segs[i].vaddr);
		put_u64(b, f->segs[i].memsz);
		put_u64(b, f->segs[i].offset);
		put_u64(b, f->segs[i].filesz);
		put_u32(b, f->segs[i].flags);
	}
	put_u32(b, (uint32_t)f->nsites);
	for (int i = 0; i < f->nsites; i++)
		put_site(b, &f->sites[i]);
	put_u32(b, (uint32_t)f->nensites);
	for (int i = 0; i < f->nensites; i++)
		put_site(b, &f->ensites[i]);
	put_u32(b, (uint32_t)f->ntypes);
	for (int i = 0; i < f->ntypes; i++) {
		const struct usdt_probe_types *t = &f->types[i];
		put_str(b, t->provider);
		put_str(b, t->name);
		put_u32(b, (uint32_t)t->nargs);
		for (int k = 0; k < t->nargs; k++)
			put_str(b, t->types[k]);
		put_u32(b, (uint32_t)t->nxargs);
		for (int k = 0; k < t->nxargs; k++) {
			put_str(b, t->xtypes[k]);
			put_u32(b, (uint32_t)t->map[k]);
		}
	}
	put_str(b, f->decls);
	put_u32(b, (uint32_t)f->nwarnings);
	for (int i = 0; i < f->nwarnings; i++)
		put_str(b, f->warnings[i]);
	seal(b, start, STASH_KIND_OBJECT);
}

void stash_encode_proc(struct strbuf *b, const struct stash_proc *p)
{
	size_t start = begin(b);
	put_u32(b, (uint32_t)p->pid);
	put_u64(b, p->start_time);
	put_u32(b, (uint32_t)p->nobjs);
	for (int i = 0; i < p->nobjs; i++) {
		const struct proc_object *o = &p->objs[i];
		put_u64(b, o->dev);
		put_u64(b, o->ino);
		put_u8(b, o->deleted ? 1 : 0);
		put_u64(b, o->start);
		put_u64(b, o->start_off);
		put_u64(b, o->end);
		put_str(b, o->path);
		put_str(b, o->open_path);
		put_str(b, o->module);
	}
	seal(b, start, STASH_KIND_PROCESS);
}

/* ---- reading: a cursor that fails once and stays failed ---- */

struct rd {
	const unsigned char *p;
	size_t left;
	char *err;
	size_t errlen;
	bool bad;
};

static int fail(struct rd *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct rd *r, const char *fmt, ...)
{
	if (!r->bad) {
		va_list ap;
		va_start(ap, fmt);
		if (r->err && r->errlen)
			vsnprintf(r->err, r->errlen, fmt, ap);
		va_end(ap);
	}
	r->bad = true;
	r->left = 0;
	return -1;
}

static uint64_t get_le(struct rd *r, int n, const char *what)
{
	if (r->bad)
		return 0;
	if (r->left < (size_t)n) {
		fail(r, "stash record: %s runs past the end of the record", what);
		return 0;
	}
	uint64_t v = 0;
	for (int i = 0; i < n; i++)
		v |= (uint64_t)r->p[i] << (8 * i);
	r->p += n;
	r->left -= (size_t)n;
	return v;
}
#define get_u8(r, w) ((uint8_t)get_le(r, 1, w))
#define get_u32(r, w) ((uint32_t)get_le(r, 4, w))
#define get_u64(r, w) get_le(r, 8, w)

/* A count of records at least min_size bytes each: never more than the bytes left allow. */
static int get_count(struct rd *r, size_t min_size, const char *what)
{
	uint32_t n = get_u32(r, what);
	if (r->bad)
		return 0;
	if (n > r->left / min_size)
		return fail(r, "stash record: %u %s cannot fit in the %zu bytes left", n, what,
			    r->left), 0;
	return (int)n;
}

static char *get_str(struct rd *r, bool nullable, const char *what)
{
	uint32_t n = get_u32(r, what);
	if (r->bad)
		return NULL;
	if (n == STR_NULL) {
		if (!nullable)
			fail(r, "stash record: %s is missing", what);
		return NULL;
	}
	if (n > r->left)
		return fail(r, "stash record: %s (%u bytes) runs past the end of the record", what,
			    n), NULL;
	if (memchr(r->p, 0, n))
		return fail(r, "stash record: %s holds a NUL byte", what), NULL;
	char *s = xstrndup((const char *)r->p, n);
	r->p += n;
	r->left -= n;
	return s;
}

static void get_arg(struct rd *r, struct usdt_arg *a)
{
	a->spec = get_str(r, true, "argument text");
	uint32_t size = get_u32(r, "argument size");
	uint8_t fl = get_u8(r, "argument flags");
	uint32_t kind = get_u32(r, "argument kind");
	uint32_t reg = get_u32(r, "argument register");
	a->reg_width = get_u8(r, "register width");
	a->reg_shift = get_u8(r, "register shift");
	a->disp = (int64_t)get_u64(r, "displacement");
	uint32_t base = get_u32(r, "base register");
	uint32_t index = get_u32(r, "index register");
	a->scale = get_u8(r, "scale");
	a->sym = get_str(r, true, "argument symbol");
	a->sym_addr = (int64_t)get_u64(r, "symbol address");
	a->error = get_str(r, true, "argument error");
	if (r->bad)
		return;
	if (size > 16 || kind > USDT_LOC_TLS || reg >= USDT_REG_COUNT || base >= USDT_REG_COUNT ||
	    index >= USDT_REG_COUNT || fl > 7 || a->reg_width > 16 || a->reg_shift > 8 ||
	    a->scale > 8) {
		fail(r, "stash record: an argument's size, kind, register or scale is out of range");
		return;
	}
	a->size = (int)size;
	a->is_signed = fl & 1;
	a->is_float = fl & 2;
	a->sym_resolved = fl & 4;
	a->kind = kind;
	a->reg = reg;
	a->base = base;
	a->index = index;
}

/* Smallest encodings, to bound counts before allocating. */
#define MIN_ARG  (4 + 4 + 1 + 4 + 4 + 1 + 1 + 8 + 4 + 4 + 1 + 4 + 8 + 4)
#define MIN_SITE (4 + 4 + 4 + 32 + 4 + 1 + 4 + 4)
#define MIN_SEG  36
#define MIN_TYPE 16
#define MIN_OBJ  (8 + 8 + 1 + 24 + 12)

static void get_site(struct rd *r, struct usdt_site *s)
{
	s->provider = get_str(r, false, "site provider");
	s->name = get_str(r, false, "site name");
	s->function = get_str(r, true, "site function");
	s->pc = get_u64(r, "site pc");
	s->pc_off = get_u64(r, "site file offset");
	s->sem = get_u64(r, "semaphore");
	s->sem_off = get_u64(r, "semaphore offset");
	s->argstr = get_str(r, true, "argument string");
	uint8_t dof = get_u8(r, "DOF flag");
	uint32_t nbad = get_u32(r, "bad argument count");
	int n = get_count(r, MIN_ARG, "arguments");
	if (r->bad)
		return;
	if (dof > 1 || nbad > (uint32_t)n) {
		fail(r, "stash record: a site's flags or bad argument count are out of range");
		return;
	}
	s->from_dof = dof;
	s->nbadargs = (int)nbad;
	s->args = n ? xcalloc((size_t)n, sizeof(*s->args)) : NULL;
	s->nargs = n;
	for (int i = 0; i < n && !r->bad; i++)
		get_arg(r, &s->args[i]);
}

static int get_sites(struct rd *r, struct usdt_site **out, const char *what)
{
	int n = get_count(r, MIN_SITE, what);
	*out = n ? xcalloc((size_t)n, sizeof(**out)) : NULL;
	for (int i = 0; i < n && !r->bad; i++)
		get_site(r, &(*out)[i]);
	return n;
}

/* Checks the header of buf as a record of `kind`; returns the payload cursor. */
static int open_record(struct rd *r, const void *buf, size_t len, uint32_t kind, char *errbuf,
		       size_t errlen)
{
	*r = (struct rd){ .p = buf, .left = len, .err = errbuf, .errlen = errlen };
	if (len < STASH_HDR_SIZE || memcmp(buf, STASH_MAGIC, 8) != 0)
		return fail(r, "not a stash record (bad magic or shorter than its header)");
	r->p += 8;
	r->left -= 8;
	uint32_t version = get_u32(r, "version");
	uint32_t k = get_u32(r, "kind");
	uint64_t plen = get_u64(r, "length");
	uint64_t sum = get_u64(r, "checksum");
	if (version != STASH_FORMAT_VERSION)
		return fail(r, "stash record of format version %u (this is version %u)", version,
			    STASH_FORMAT_VERSION);
	if (k != kind)
		return fail(r, "stash record of kind %u where kind %u was expected", k, kind);
	if (plen != r->left)
		return fail(r, "stash record: payload of %llu bytes, but %zu follow the header",
			    (unsigned long long)plen, r->left);
	if (fnv64(r->p, r->left) != sum)
		return fail(r, "stash record: checksum mismatch (the file was damaged)");
	return 0;
}

static int close_record(struct rd *r)
{
	if (!r->bad && r->left)
		fail(r, "stash record: %zu bytes left over after the last field", r->left);
	return r->bad ? -1 : 0;
}

int stash_decode_object(const void *buf, size_t len, struct stash_stamp *st,
			struct usdt_file **out, char *errbuf, size_t errlen)
{
	struct rd r;
	*out = NULL;
	if (open_record(&r, buf, len, STASH_KIND_OBJECT, errbuf, errlen) < 0)
		return -1;
	st->dev = get_u64(&r, "device");
	st->ino = get_u64(&r, "inode");
	st->size = get_u64(&r, "size");
	st->mtime_ns = get_u64(&r, "mtime");
	st->ctime_ns = get_u64(&r, "ctime");
	struct usdt_file *f = xcalloc(1, sizeof(*f));
	f->dev = (dev_t)st->dev;
	f->ino = (ino_t)st->ino;
	f->path = get_str(&r, false, "path");
	f->elf_type = (int)get_u32(&r, "ELF type");
	uint32_t machine = get_u32(&r, "machine");
	f->machine = (uint16_t)machine;
	f->entry = get_u64(&r, "entry");
	uint32_t fl = get_u32(&r, "flags");
	f->has_tls = fl & 1;
	f->is_pie = fl & 2;
	f->tls_memsz = get_u64(&r, "TLS size");
	f->tls_align = get_u64(&r, "TLS alignment");
	f->tls_vaddr = get_u64(&r, "TLS address");
	if (!r.bad && fl > 3)
		fail(&r, "stash record: unknown object flags 0x%x", fl);
	if (!r.bad && machine > 0xffff)
		fail(&r, "stash record: machine %u is not an ELF machine", machine);
	f->nsegs = get_count(&r, MIN_SEG, "segments");
	f->segs = f->nsegs ? xcalloc((size_t)f->nsegs, sizeof(*f->segs)) : NULL;
	for (int i = 0; i < f->nsegs && !r.bad; i++) {
		f->segs[i].vaddr = get_u64(&r, "segment");
		f->segs[i].memsz = get_u64(&r, "segment");
		f->segs[i].offset = get_u64(&r, "segment");
		f->segs[i].filesz = get_u64(&r, "segment");
		f->segs[i].flags = get_u32(&r, "segment");
	}
	f->nsites = get_sites(&r, &f->sites, "sites");
	f->nensites = get_sites(&r, &f->ensites, "is-enabled sites");
	f->ntypes = get_count(&r, MIN_TYPE, "type records");
	f->types = f->ntypes ? xcalloc((size_t)f->ntypes, sizeof(*f->types)) : NULL;
	for (int i = 0; i < f->ntypes && !r.bad; i++) {
		struct usdt_probe_types *t = &f->types[i];
		t->provider = get_str(&r, false, "typed provider");
		t->name = get_str(&r, false, "typed probe");
		t->nargs = get_count(&r, 4, "argument types");
		t->types = xcalloc((size_t)t->nargs + 1, sizeof(*t->types));
		for (int k = 0; k < t->nargs && !r.bad; k++)
			t->types[k] = get_str(&r, false, "argument type");
		int nx = get_count(&r, 8, "translated types");
		if (nx) {
			t->xtypes = xcalloc((size_t)nx, sizeof(*t->xtypes));
			t->map = xcalloc((size_t)nx, sizeof(*t->map));
		}
		t->nxargs = nx;
		for (int k = 0; k < nx && !r.bad; k++) {
			t->xtypes[k] = get_str(&r, false, "translated type");
			uint32_t m = get_u32(&r, "argument mapping");
			if (!r.bad && m >= (uint32_t)t->nargs)
				fail(&r, "stash record: argument mapping %u names no native argument",
				     m);
			t->map[k] = (int)m;
		}
	}
	f->decls = get_str(&r, true, "declarations");
	f->nwarnings = get_count(&r, 4, "warnings");
	f->warnings = f->nwarnings ? xcalloc((size_t)f->nwarnings, sizeof(char *)) : NULL;
	for (int i = 0; i < f->nwarnings && !r.bad; i++)
		f->warnings[i] = get_str(&r, false, "warning");
	if (close_record(&r) < 0) {
		usdt_file_free(f);
		return -1;
	}
	*out = f;
	return 0;
}

int stash_decode_proc(const void *buf, size_t len, struct stash_proc *out, char *errbuf,
		      size_t errlen)
{
	struct rd r;
	memset(out, 0, sizeof(*out));
	if (open_record(&r, buf, len, STASH_KIND_PROCESS, errbuf, errlen) < 0)
		return -1;
	uint32_t pid = get_u32(&r, "pid");
	out->start_time = get_u64(&r, "start time");
	out->nobjs = get_count(&r, MIN_OBJ, "objects");
	out->objs = out->nobjs ? xcalloc((size_t)out->nobjs, sizeof(*out->objs)) : NULL;
	for (int i = 0; i < out->nobjs && !r.bad; i++) {
		struct proc_object *o = &out->objs[i];
		o->dev = (dev_t)get_u64(&r, "device");
		o->ino = (ino_t)get_u64(&r, "inode");
		uint8_t del = get_u8(&r, "deleted flag");
		o->start = get_u64(&r, "start");
		o->start_off = get_u64(&r, "start offset");
		o->end = get_u64(&r, "end");
		o->path = get_str(&r, false, "object path");
		o->open_path = get_str(&r, false, "object open path");
		o->module = get_str(&r, false, "object module");
		if (!r.bad && (del > 1 || o->end < o->start))
			fail(&r, "stash record: object %d has a bad flag or address range", i);
		o->deleted = del;
	}
	if (!r.bad && (pid == 0 || pid > 0x3fffffff))
		fail(&r, "stash record: pid %u is out of range", pid);
	out->pid = (pid_t)pid;
	if (close_record(&r) < 0) {
		stash_proc_free(out);
		return -1;
	}
	return 0;
}

void stash_proc_free(struct stash_proc *p)
{
	for (int i = 0; i < p->nobjs; i++) {
		free(p->objs[i].path);
		free(p->objs[i].open_path);
		free(p->objs[i].module);
	}
	free(p->objs);
	memset(p, 0, sizeof(*p));
}

uint32_t stash_record_version(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	if (len < STASH_HDR_SIZE || memcmp(p, STASH_MAGIC, 8) != 0)
		return 0;
	return (uint32_t)p[8] | (uint32_t)p[9] << 8 | (uint32_t)p[10] << 16 |
	       (uint32_t)p[11] << 24;
}
