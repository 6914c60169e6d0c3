/* usdt_dof.c — see usdt_dof.h. Every field is read through get16/get32/get64 at a checked
 * offset; every index taken from the input is compared with the bounds of what it indexes
 * before use, with 64-bit arithmetic that cannot wrap (all sizes were first checked against
 * the blob's length, itself below 2^63). */
#include "usdt_dof.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dof_format.h"
#include "util.h"

struct blob {
	const unsigned char *p;
	uint64_t len;
	int version;
	uint32_t secnum, secsize;
	uint64_t secoff;
	char *err;
	size_t errlen;
};

struct sec {
	uint32_t type, align, flags, entsize;
	uint64_t off, size;
};

static int fail(struct blob *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(struct blob *b, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(b->err, b->errlen, "DOF: ");
	if (n < 0 || (size_t)n >= b->errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(b->err + n, b->errlen - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

static uint16_t get16(const unsigned char *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static uint64_t get64(const unsigned char *p) { return get32(p) | (uint64_t)get32(p + 4) << 32; }

static void read_sec(const struct blob *b, uint32_t i, struct sec *s)
{
	const unsigned char *h = b->p + b->secoff + (uint64_t)i * b->secsize;
	s->type = get32(h + DOF_SEC_TYPE);
	s->align = get32(h + DOF_SEC_ALIGN);
	s->flags = get32(h + DOF_SEC_FLAGS);
	s->entsize = get32(h + DOF_SEC_ENTSIZE);
	s->off = get64(h + DOF_SEC_OFFSET);
	s->size = get64(h + DOF_SEC_SIZEF);
}

static int check_header(struct blob *b, size_t *consumed)
{
	const unsigned char *p = b->p;
	if (b->len < DOF_HDR_SIZE)
		return fail(b, "%llu bytes is too short for a DOF header (64 bytes)",
			    (unsigned long long)b->len);
	if (memcmp(p, DOF_MAGIC, 4) != 0)
		return fail(b, "bad magic (not DOF)");
	if (p[DOF_ID_MODEL] != DOF_MODEL_LP64)
		return fail(b, "data model %u is not supported (only LP64 DOF, model %u)",
			    p[DOF_ID_MODEL], DOF_MODEL_LP64);
	if (p[DOF_ID_ENCODING] != DOF_ENCODE_LSB)
		return fail(b, "encoding %u is not supported (only little-endian DOF, encoding %u)",
			    p[DOF_ID_ENCODING], DOF_ENCODE_LSB);
	b->version = p[DOF_ID_VERSION];
	if (b->version < DOF_VERSION_MIN || b->version > DOF_VERSION_MAX)
		return fail(b, "version %d is not supported (versions %d to %d)", b->version,
			    DOF_VERSION_MIN, DOF_VERSION_MAX);
	uint32_t hdrsize = get32(p + DOF_HDR_HDRSIZE);
	b->secsize = get32(p + DOF_HDR_SECSIZE);
	b->secnum = get32(p + DOF_HDR_SECNUM);
	b->secoff = get64(p + DOF_HDR_SECOFF);
	uint64_t filesz = get64(p + DOF_HDR_FILESZ), loadsz = get64(p + DOF_HDR_LOADSZ);
	if (hdrsize < DOF_HDR_SIZE)
		return fail(b, "header size %u is smaller than the header (64 bytes)", hdrsize);
	if (filesz < DOF_HDR_SIZE || filesz > b->len)
		return fail(b, "the DOF's size (%#llx bytes) is not within the %#llx bytes given",
			    (unsigned long long)filesz, (unsigned long long)b->len);
	if (loadsz > filesz)
		return fail(b, "loadable size %#llx exceeds the DOF's size %#llx",
			    (unsigned long long)loadsz, (unsigned long long)filesz);
	b->len = filesz;      /* what follows belongs to the next blob */
	if (b->secsize < DOF_SEC_SIZE)
		return fail(b, "section header size %u is smaller than a section header (32 bytes)",
			    b->secsize);
	if (b->secoff > b->len || (uint64_t)b->secnum * b->secsize > b->len - b->secoff)
		return fail(b, "section headers (%u of %u bytes at offset %#llx) run past the end of "
			    "the DOF (%#llx bytes)", b->secnum, b->secsize,
			    (unsigned long long)b->secoff, (unsigned long long)b->len);
	if (b->secoff % 8)
		return fail(b, "section headers at offset %#llx are not 8-byte aligned",
			    (unsigned long long)b->secoff);
	*consumed = (size_t)filesz;
	return 0;
}

/* Every section's data lies inside the blob, aligned as it says (a power of two); string
 * tables end with NUL. */
static int check_sections(struct blob *b)
{
	for (uint32_t i = 0; i < b->secnum; i++) {
		struct sec s;
		read_sec(b, i, &s);
		if (s.off > b->len || s.size > b->len - s.off)
			return fail(b, "section %u (offset %#llx, size %#llx) runs past the end of the "
				    "DOF (%#llx bytes)", i, (unsigned long long)s.off,
				    (unsigned long long)s.size, (unsigned long long)b->len);
		if (s.type == DOF_SECT_NONE)
			continue;
		if (s.align == 0 || (s.align & (s.align - 1)))
			return fail(b, "section %u: alignment %u is not a power of two", i, s.align);
		if (s.off & (s.align - 1))
			return fail(b, "section %u: offset %#llx is not aligned to %u", i,
				    (unsigned long long)s.off, s.align);
		if (s.type == DOF_SECT_STRTAB && (s.size == 0 || b->p[s.off + s.size - 1] != '\0'))
			return fail(b, "section %u: string table is empty or not NUL-terminated", i);
	}
	return 0;
}

/* Section `idx` of type `type`, which must exist; *ok false after a message. */
static bool get_sec(struct blob *b, uint32_t idx, uint32_t type, const char *what, struct sec *s)
{
	if (idx >= b->secnum) {
		fail(b, "%s: section index %u out of range (%u sections)", what, idx, b->secnum);
		return false;
	}
	read_sec(b, idx, s);
	if (s->type != type) {
		fail(b, "%s: section %u has type %u, not %u", what, idx, s->type, type);
		return false;
	}
	return true;
}

/* The string at index i of table s, or NULL after a message when i is out of range or the
 * string (with its NUL) is longer than max. Tables end with NUL, so strnlen stops inside. */
static const char *get_str(struct blob *b, const struct sec *s, uint64_t i, size_t max,
			   const char *what)
{
	if (i >= s->size) {
		fail(b, "%s: string index %#llx outside the string table (%#llx bytes)", what,
		     (unsigned long long)i, (unsigned long long)s->size);
		return NULL;
	}
	const char *str = (const char *)b->p + s->off + i;
	size_t n = strnlen(str, s->size - i);
	if (n + 1 > max) {
		fail(b, "%s: \"%.40s...\" is longer than %zu bytes", what, str, max - 1);
		return NULL;
	}
	return str;
}

/* Names go into probe descriptions and file names: printable, without the description's
 * separator ':' or blanks, and not empty. */
static bool good_name(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isgraph((unsigned char)*s) || *s == ':')
			return false;
	return true;
}

/* n consecutive strings from index i of table s into a malloc'd vector. */
static char **get_strs(struct blob *b, const struct sec *s, uint32_t i, int n, const char *what)
{
	char **v = xcalloc((size_t)n + 1, sizeof(*v));
	uint64_t at = i;
	for (int k = 0; k < n; k++) {
		const char *str = get_str(b, s, at, DOF_ARGTYPE_MAX, what);
		if (!str) {
			for (int j = 0; j < k; j++)
				free(v[j]);
			free(v);
			return NULL;
		}
		if (!*str) {
			fail(b, "%s: argument %d has an empty type", what, k);
			for (int j = 0; j < k; j++)
				free(v[j]);
			free(v);
			return NULL;
		}
		v[k] = xstrdup(str);
		at += strlen(str) + 1;
	}
	return v;
}

static void probe_free(struct usdt_dof_probe *p)
{
	free(p->provider);
	free(p->function);
	free(p->name);
	free(p->addr_sym);
	for (int k = 0; p->nargv && k < p->nargc; k++)
		free(p->nargv[k]);
	for (int k = 0; p->xargv && k < p->xargc; k++)
		free(p->xargv[k]);
	free(p->nargv);
	free(p->xargv);
	free(p->map);
	free(p->offs);
	free(p->enoffs);
}

static int u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* count u32 entries from index idx of an offsets section, copied. */
static uint32_t *get_offs(struct blob *b, const struct sec *s, uint32_t idx, uint32_t count,
			  const char *what)
{
	if (s->entsize != 4)
		return fail(b, "%s: entry size %u, not 4", what, s->entsize), NULL;
	if ((uint64_t)idx + count > s->size / 4)
		return fail(b, "%s: entries %u..%llu outside the section (%llu entries)", what, idx,
			    (unsigned long long)idx + count, (unsigned long long)(s->size / 4)), NULL;
	uint32_t *v = xcalloc(count ? count : 1, sizeof(*v));
	for (uint32_t k = 0; k < count; k++)
		v[k] = get32(b->p + s->off + ((uint64_t)idx + k) * 4);
	/* Sites are distinct: the same offset twice would attach twice. */
	uint32_t *sorted = xcalloc(count ? count : 1, sizeof(*sorted));
	memcpy(sorted, v, count * sizeof(*v));
	qsort(sorted, count, sizeof(*sorted), u32_cmp);
	for (uint32_t k = 1; k < count; k++)
		if (sorted[k] == sorted[k - 1]) {
			fail(b, "%s: offset %#x given twice", what, sorted[k]);
			free(sorted);
			free(v);
			return NULL;
		}
	free(sorted);
	return v;
}

/* The relocation naming the symbol of each probe's addr field, if the blob carries one. */
static int read_relocs(struct blob *b, uint32_t probes_idx, const struct sec *prb,
		       struct usdt_dof_probe *first, uint64_t nprobes)
{
	for (uint32_t i = 0; i < b->secnum; i++) {
		struct sec s, str, rel, tgt;
		read_sec(b, i, &s);
		if (s.type != DOF_SECT_URELHDR)
			continue;
		if (s.size < DOF_RELOHDR_SIZE)
			return fail(b, "relocation header %u: %#llx bytes, fewer than 12", i,
				    (unsigned long long)s.size);
		const unsigned char *h = b->p + s.off;
		uint32_t tgtsec = get32(h + DOF_RELOHDR_TGTSEC);
		if (tgtsec != probes_idx)
			continue;
		if (!get_sec(b, get32(h + DOF_RELOHDR_STRTAB), DOF_SECT_STRTAB, "relocations", &str) ||
		    !get_sec(b, get32(h + DOF_RELOHDR_RELSEC), DOF_SECT_RELTAB, "relocations", &rel) ||
		    !get_sec(b, tgtsec, DOF_SECT_PROBES, "relocations", &tgt))
			return -1;
		if (rel.entsize < DOF_RELO_SIZE)
			return fail(b, "relocation table %u: entry size %u, fewer than 24 bytes",
				    get32(h + DOF_RELOHDR_RELSEC), rel.entsize);
		for (uint64_t r = 0; r < rel.size / rel.entsize; r++) {
			const unsigned char *e = b->p + rel.off + r * rel.entsize;
			uint32_t type = get32(e + DOF_RELO_TYPE);
			uint64_t off = get64(e + DOF_RELO_OFFSET);
			if (type == DOF_RELO_NONE)
				continue;
			if (type != DOF_RELO_SETX)
				return fail(b, "relocation %llu: unknown type %u",
					    (unsigned long long)r, type);
			if (off % prb->entsize != DOF_PROBE_ADDR || off / prb->entsize >= nprobes)
				return fail(b, "relocation %llu: offset %#llx is not a probe's address",
					    (unsigned long long)r, (unsigned long long)off);
			const char *name = get_str(b, &str, get32(e + DOF_RELO_NAME), 4096,
						   "relocation symbol");
			if (!name)
				return -1;
			struct usdt_dof_probe *p = &first[off / prb->entsize];
			free(p->addr_sym);
			p->addr_sym = *name ? xstrdup(name) : NULL;
		}
	}
	return 0;
}

static int read_provider(struct blob *b, uint32_t idx, const struct sec *ps, struct usdt_dof *out,
			 size_t *cap)
{
	const unsigned char *pv = b->p + ps->off;
	size_t need = b->version == 1 ? DOF_PROV_SIZE_V1 : DOF_PROV_SIZE;
	if (ps->size < need)
		return fail(b, "provider section %u: %#llx bytes, fewer than %zu", idx,
			    (unsigned long long)ps->size, need);
	struct sec str, prb, args, offs, enoffs;
	bool have_en = false;
	char what[64];
	snprintf(what, sizeof(what), "provider section %u", idx);
	uint32_t probes_idx = get32(pv + DOF_PROV_PROBES);
	if (!get_sec(b, get32(pv + DOF_PROV_STRTAB), DOF_SECT_STRTAB, what, &str) ||
	    !get_sec(b, probes_idx, DOF_SECT_PROBES, what, &prb) ||
	    !get_sec(b, get32(pv + DOF_PROV_PRARGS), DOF_SECT_PRARGS, what, &args) ||
	    !get_sec(b, get32(pv + DOF_PROV_PROFFS), DOF_SECT_PROFFS, what, &offs))
		return -1;
	if (b->version >= 2) {
		uint32_t en = get32(pv + DOF_PROV_PRENOFFS);
		/* DTrace writes section 0 (a NONE section) or no index for "none". */
		if (en != DOF_SECT_NONE && en != DOF_SECIDX_NONE) {
			if (!get_sec(b, en, DOF_SECT_PRENOFFS, what, &enoffs))
				return -1;
			have_en = true;
		}
	}
	const char *pname = get_str(b, &str, get32(pv + DOF_PROV_NAME), DOF_PROVNAME_MAX,
				    "provider name");
	if (!pname)
		return -1;
	if (!good_name(pname))
		return fail(b, "provider name \"%.64s\" is empty or has blanks, ':' or control "
			    "characters", pname);
	if (prb.entsize < (b->version == 1 ? DOF_PROBE_SIZE_V1 : DOF_PROBE_SIZE) || prb.entsize % 8)
		return fail(b, "probe section %u: entry size %u is too small or not a multiple of 8",
			    probes_idx, prb.entsize);
	if (args.entsize != 1 && args.size)
		return fail(b, "argument mapping section: entry size %u, not 1", args.entsize);
	uint64_t n = prb.size / prb.entsize;
	if (n == 0)
		return fail(b, "provider %s has no probes", pname);
	xgrow(&out->probes, sizeof(*out->probes), cap, (size_t)out->nprobes + n);
	struct usdt_dof_probe *first = &out->probes[out->nprobes];
	memset(first, 0, n * sizeof(*first));
	for (uint64_t j = 0; j < n; j++) {
		const unsigned char *e = b->p + prb.off + j * prb.entsize;
		struct usdt_dof_probe *p = &first[j];
		out->nprobes++;       /* counted at once, so a failure frees what was copied */
		p->provider = xstrdup(pname);
		p->addr = get64(e + DOF_PROBE_ADDR);
		const char *fn = get_str(b, &str, get32(e + DOF_PROBE_FUNC), DOF_FUNCNAME_MAX,
					 "probe function");
		const char *nm = fn ? get_str(b, &str, get32(e + DOF_PROBE_NAME), DOF_NAME_MAX,
					      "probe name") : NULL;
		if (!nm)
			return -1;
		if (!good_name(nm) || (*fn && !good_name(fn)))
			return fail(b, "probe %s:%s:%s: empty name, or blanks, ':' or control "
				    "characters in a name", pname, fn, nm);
		p->function = xstrdup(fn);
		p->name = xstrdup(nm);
		p->nargc = e[DOF_PROBE_NARGC];
		p->xargc = e[DOF_PROBE_XARGC];
		p->nargv = get_strs(b, &str, get32(e + DOF_PROBE_NARGV), p->nargc, "native argument types");
		if (!p->nargv)
			return -1;
		p->xargv = get_strs(b, &str, get32(e + DOF_PROBE_XARGV), p->xargc,
				    "translated argument types");
		if (!p->xargv)
			return -1;
		uint32_t argidx = get32(e + DOF_PROBE_ARGIDX);
		if ((uint64_t)argidx + (uint64_t)p->xargc > args.size)
			return fail(b, "probe %s:::%s: argument mapping %u..%u outside its section "
				    "(%llu bytes)", pname, nm, argidx, argidx + p->xargc,
				    (unsigned long long)args.size);
		p->map = xcalloc((size_t)p->xargc + 1, 1);
		for (int k = 0; k < p->xargc; k++) {
			p->map[k] = b->p[args.off + argidx + (uint64_t)k];
			if (p->map[k] >= p->nargc)
				return fail(b, "probe %s:::%s: translated argument %d is made from native "
					    "argument %u of %d", pname, nm, k, p->map[k], p->nargc);
		}
		uint16_t noffs = get16(e + DOF_PROBE_NOFFS);
		p->offs = get_offs(b, &offs, get32(e + DOF_PROBE_OFFIDX), noffs, "probe offsets");
		if (!p->offs)
			return -1;
		p->noffs = noffs;
		uint16_t nen = 0;
		uint32_t enidx = 0;
		if (b->version >= 2 && prb.entsize >= DOF_PROBE_SIZE) {
			nen = get16(e + DOF_PROBE_NENOFFS);
			enidx = get32(e + DOF_PROBE_ENOFFIDX);
		}
		if (nen && !have_en)
			return fail(b, "probe %s:::%s: is-enabled offsets without an is-enabled offset "
				    "section", pname, nm);
		if (nen) {
			p->enoffs = get_offs(b, &enoffs, enidx, nen, "is-enabled offsets");
			if (!p->enoffs)
				return -1;
			p->nenoffs = nen;
		}
		if (p->noffs + p->nenoffs == 0)
			return fail(b, "probe %s:::%s has no sites", pname, nm);
	}
	return read_relocs(b, probes_idx, &prb, first, n);
}

int usdt_dof_parse(const void *buf, size_t len, struct usdt_dof *out, size_t *consumed,
		   char *errbuf, size_t errlen)
{
	struct blob b = { .p = buf, .len = len, .err = errbuf, .errlen = errlen };
	size_t cap = 0;
	memset(out, 0, sizeof(*out));
	*consumed = 0;
	if (errlen)
		errbuf[0] = '\0';
	if ((uint64_t)len >= (uint64_t)1 << 62)
		return fail(&b, "too large");
	if (check_header(&b, consumed) < 0 || check_sections(&b) < 0)
		return -1;
	out->version = b.version;
	for (uint32_t i = 0; i < b.secnum; i++) {
		struct sec s;
		read_sec(&b, i, &s);
		if (s.type != DOF_SECT_PROVIDER)
			continue;
		if (read_provider(&b, i, &s, out, &cap) < 0) {
			usdt_dof_free(out);
			return -1;
		}
	}
	return 0;
}

void usdt_dof_free(struct usdt_dof *d)
{
	for (int i = 0; i < d->nprobes; i++)
		probe_free(&d->probes[i]);
	free(d->probes);
	memset(d, 0, sizeof(*d));
}

int usdt_dof_probe_translates(const struct usdt_dof_probe *p)
{
	if (p->xargc != p->nargc)
		return 1;
	for (int k = 0; k < p->xargc; k++)
		if (p->map[k] != k || strcmp(p->xargv[k], p->nargv[k]) != 0)
			return 1;
	return 0;
}

/* Size in bytes and signedness of a native C type as DOF spells it: pointers 8; the standard
 * integer names and their <stdint.h> twins; anything else (typedefs, enums) a full register. */
static int type_size(const char *ty, bool *is_signed)
{
	static const struct { const char *name; int size; bool sign; } tab[] = {
		{"char", 1, true}, {"signed char", 1, true}, {"unsigned char", 1, false},
		{"int8_t", 1, true}, {"uint8_t", 1, false}, {"_Bool", 1, false}, {"bool", 1, false},
		{"short", 2, true}, {"short int", 2, true}, {"signed short", 2, true},
		{"unsigned short", 2, false}, {"unsigned short int", 2, false},
		{"int16_t", 2, true}, {"uint16_t", 2, false},
		{"int", 4, true}, {"signed", 4, true}, {"signed int", 4, true}, {"int32_t", 4, true},
		{"unsigned", 4, false}, {"unsigned int", 4, false}, {"uint32_t", 4, false},
		{"pid_t", 4, true}, {"uid_t", 4, false}, {"gid_t", 4, false},
		{"long", 8, true}, {"long int", 8, true}, {"long long", 8, true},
		{"long long int", 8, true}, {"int64_t", 8, true}, {"ssize_t", 8, true},
		{"intptr_t", 8, true}, {"off_t", 8, true}, {"ptrdiff_t", 8, true},
	};
	*is_signed = false;
	if (strchr(ty, '*') || strchr(ty, '['))
		return 8;
	/* Qualifiers do not change the size. */
	char buf[DOF_ARGTYPE_MAX];
	size_t n = 0;
	for (const char *s = ty; *s && n + 1 < sizeof(buf);) {
		if (strncmp(s, "const ", 6) == 0) { s += 6; continue; }
		if (strncmp(s, "volatile ", 9) == 0) { s += 9; continue; }
		buf[n++] = *s++;
	}
	while (n && buf[n - 1] == ' ')
		n--;
	buf[n] = '\0';
	for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if (strcmp(buf, tab[i].name) == 0) {
			*is_signed = tab[i].sign;
			return tab[i].size;
		}
	return 8;
}

char *usdt_dof_argstr(const struct usdt_dof_probe *p)
{
	static const char *regs[6][4] = {
		{"dil", "di", "edi", "rdi"}, {"sil", "si", "esi", "rsi"}, {"dl", "dx", "edx", "rdx"},
		{"cl", "cx", "ecx", "rcx"}, {"r8b", "r8w", "r8d", "r8"}, {"r9b", "r9w", "r9d", "r9"},
	};
	struct strbuf b = {0};
	for (int k = 0; k < p->nargc; k++) {
		bool sign;
		int size = type_size(p->nargv[k], &sign);
		int w = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
		if (k)
			strbuf_putc(&b, ' ');
		if (k < 6)
			strbuf_printf(&b, "%s%d@%%%s", sign ? "-" : "", size, regs[k][w]);
		else
			strbuf_printf(&b, "%s%d@%d(%%rsp)", sign ? "-" : "", size, 8 * (k - 6));
	}
	return strbuf_take(&b);
}
