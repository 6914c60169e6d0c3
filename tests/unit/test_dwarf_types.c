/* test_dwarf_types.c — the DWARF importer against gcc: tests/unit/fixtures/dwt_fixture*.c are
 * compiled with -g (DWARF 5, whose bitfields say DW_AT_data_bit_offset, and DWARF 4, whose
 * bitfields say DW_AT_bit_offset from the high end), run, and what they print — offsetof and
 * sizeof of every member, and the bytes of instances with bitfields set — is what the imported
 * types must say. Also: separate debug files (.gnu_debuglink next to a stripped copy; a
 * build-id tree under a debug path of our own; -gsplit-dwarf's .dwo files), a file without
 * DWARF, the lazy name scan, corrupted DWARF. */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdint.h>
#include <unistd.h>

#include "dwarf_types.h"
#include "t.h"

static char top[4096];   /* the repository: three levels above the test binary */
static char work[64];    /* a private temp dir with the fixture builds */
static char out5[8192], out4[8192];

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
	char cmd[8192];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	return system(cmd);
}

static void slurp(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(buf, 1, len - 1, f) : 0;
	buf[n] = '\0';
	if (f)
		fclose(f);
}

/* Build both fixtures once, in the first case that needs them. */
static bool setup(void)
{
	static int done;
	if (done)
		return done > 0;
	done = -1;
	char exe[4096];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n <= 0)
		return false;
	exe[n] = '\0';
	for (int i = 0; i < 3; i++)
		*strrchr(exe, '/') = '\0';
	snprintf(top, sizeof(top), "%s", exe);
	snprintf(work, sizeof(work), "/tmp/dwt-test.XXXXXX");
	if (!mkdtemp(work))
		return false;
	const char *src = "%s/tests/unit/fixtures/dwt_fixture.c %s/tests/unit/fixtures/dwt_fixture2.c";
	char srcs[9000];
	snprintf(srcs, sizeof(srcs), src, top, top);
	if (sh("gcc -O0 -g -gdwarf-5 -w %s -o %s/fx5 && %s/fx5 > %s/fx5.out", srcs, work, work, work) ||
	    sh("gcc -O0 -g -gdwarf-4 -w %s -o %s/fx4 && %s/fx4 > %s/fx4.out", srcs, work, work, work) ||
	    sh("gcc -O0 -w %s -o %s/nodwarf", srcs, work))
		return false;
	/* -gsplit-dwarf: the types are in .dwo files next to the binary */
	if (sh("cd %s && gcc -O0 -g -gsplit-dwarf -w %s -o fxsplit", work, srcs))
		return false;
	/* stripped copy + debug file found by .gnu_debuglink next to it */
	if (sh("cd %s && objcopy --only-keep-debug fx5 fx5.debug && strip -g fx5 -o fx5s && "
	       "objcopy --add-gnu-debuglink=fx5.debug fx5s", work))
		return false;
	/* stripped copy whose debug file is only in a build-id tree */
	if (sh("cd %s && gcc -O0 -g -Wl,--build-id -w %s -o fxb && strip -g fxb -o fxbs && "
	       "id=$(readelf -n fxb | sed -n 's/.*Build ID: //p') && "
	       "mkdir -p dbg/.build-id/$(echo $id | cut -c1-2) && "
	       "objcopy --only-keep-debug fxb dbg/.build-id/$(echo $id | cut -c1-2)/$(echo $id | cut -c3-).debug",
	       work, srcs))
		return false;
	slurp(strcat(strcpy(out5, work), "/fx5.out"), out5, sizeof(out5));
	char p[128];
	snprintf(p, sizeof(p), "%s/fx4.out", work);
	slurp(p, out4, sizeof(out4));
	done = 1;
	return true;
}

__attribute__((destructor)) static void cleanup(void)
{
	if (work[0])
		sh("rm -rf %s", work);
}

/* "LABEL OFF SIZE" from the fixture's output. */
static bool want(const char *out, const char *label, long *off, long *size)
{
	char key[128];
	snprintf(key, sizeof(key), "\n%s ", label);
	char *p = strstr(out, key);
	if (!p && strncmp(out, key + 1, strlen(key + 1)) == 0)
		p = (char *)out - 1;
	return p && sscanf(p + strlen(key), "%ld %ld", off, size) == 2;
}

/* A member by dotted path; anonymous members are searched through, offsets added. */
static const struct dmember *path_member(struct dtype *t, const char *path, int64_t *off)
{
	char buf[128];
	snprintf(buf, sizeof(buf), "%s", path);
	const struct dmember *m = NULL;
	*off = 0;
	for (char *s = strtok(buf, "."); s; s = strtok(NULL, ".")) {
		for (;;) {
			m = dtype_find_member(t, s);
			if (!m)
				return NULL;
			*off += m->offset;
			t = m->type;
			if (m->name)
				break;
		}
	}
	return m;
}

static struct dtype *import(const char *file, struct dtype_ctx *ctx, enum dtype_kind k,
			    const char *name, const char *debug_path)
{
	char err[512], path[256];
	snprintf(path, sizeof(path), "%s/%s", work, file);
	struct dwt_file *f = dwt_open(path, debug_path, err, sizeof(err));
	if (!f) {
		printf("# %s\n", err);
		return NULL;
	}
	struct dtype *t = NULL;
	int rc = dwt_lookup(f, ctx, k, name, &t, err, sizeof(err));
	if (rc < 0)
		printf("# %s\n", err);
	dwt_close(f);
	return rc == 1 ? t : NULL;
}

static const char *const members[] = {
	"balance", "in", "in.a", "in.b", "arr", "col", "u", "owner", "next", "name", "cb", "cvi",
	"matrix", "pt", "pt.y", "z", "l", "c", "at", "at.r", "id", "ok", "d",
};

static void check_layout(const char *file, const char *out)
{
	T_CHECK(setup());
	struct dtype_ctx *ctx = dtype_ctx_new();
	struct dtype *t = import(file, ctx, DTY_STRUCT, "account", NULL);
	T_CHECK(t != NULL);
	if (!t) {
		dtype_ctx_free(ctx);
		return;
	}
	long off, size;
	for (size_t i = 0; i < sizeof(members) / sizeof(members[0]); i++) {
		int64_t o;
		const struct dmember *m = path_member(t, members[i], &o);
		T_CHECK(want(out, members[i], &off, &size));
		if (!m) {
			T_FAIL_("no member %s", members[i]);
			continue;
		}
		if (o != off || dtype_sizeof(m->type) != size)
			T_FAIL_("%s: offset %lld size %lld, gcc says %ld %ld", members[i], (long long)o,
				(long long)dtype_sizeof(m->type), off, size);
	}
	int64_t o;
	T_CHECK(want(out, "tail", &off, &size));
	T_CHECK(path_member(t, "tail", &o) && o == off);
	T_CHECK(want(out, "sizeof account", &off, &size) || 1);
	char *p = strstr(out, "sizeof account ");
	T_CHECK(p && dtype_sizeof(t) == atol(p + 15));
	dtype_ctx_free(ctx);
}

T_CASE(layout_dwarf5) { check_layout("fx5", out5); }
T_CASE(layout_dwarf4) { check_layout("fx4", out4); }
T_CASE(layout_split_dwarf) { check_layout("fxsplit", out5); }

/* Read a bitfield out of bytes as the code generator does: a load of its type's size at the
 * unit offset, shifted and masked (sign-extended for signed types). */
static long long bitfield(const unsigned char *bytes, const struct dmember *m)
{
	int64_t sz = dtype_sizeof(m->type);
	uint64_t v = 0;
	memcpy(&v, bytes + m->offset, (size_t)sz);
	int left = 64 - m->bit_offset - m->bit_width;
	if (dtype_resolve(m->type)->is_unsigned)
		return (long long)((v << left) >> (64 - m->bit_width));
	return (long long)((int64_t)(v << left) >> (64 - m->bit_width));
}

static void hexbytes(const char *hex, unsigned char *out, size_t max)
{
	for (size_t i = 0; i < max && hex[2 * i] && hex[2 * i] != '\n'; i++)
		sscanf(hex + 2 * i, "%2hhx", &out[i]);
}

static void check_bits(const char *file, const char *out)
{
	T_CHECK(setup());
	struct dtype_ctx *ctx = dtype_ctx_new();
	struct dtype *t = import(file, ctx, DTY_STRUCT, "account", NULL);
	struct dtype *pk = import(file, ctx, DTY_STRUCT, "packed", NULL);
	T_CHECK(t && pk);
	if (!t || !pk) {
		dtype_ctx_free(ctx);
		return;
	}
	long long flags, sflag, big, cbits, s;
	unsigned char bytes[512] = {0};
	char hex[1100];
	const char *p = strstr(out, "bits account ");
	T_CHECK(p && sscanf(p, "bits account %lld %lld %lld %lld %1099s", &flags, &sflag, &big,
			    &cbits, hex) == 5);
	hexbytes(hex, bytes, sizeof(bytes));
	const struct dmember *m;
	T_CHECK((m = dtype_find_member(t, "flags")) && m->bit_width == 3 && bitfield(bytes, m) == flags);
	T_CHECK((m = dtype_find_member(t, "sflag")) && m->bit_width == 5 && bitfield(bytes, m) == sflag);
	T_CHECK((m = dtype_find_member(t, "big")) && m->bit_width == 40 && bitfield(bytes, m) == big);
	T_CHECK((m = dtype_find_member(t, "cbits")) && m->bit_width == 3 && bitfield(bytes, m) == cbits);
	T_EQ_INT(sflag, -7);
	memset(bytes, 0, sizeof(bytes));
	p = strstr(out, "bits packed ");
	T_CHECK(p && sscanf(p, "bits packed %lld %1099s", &s, hex) == 2);
	hexbytes(hex, bytes, sizeof(bytes));
	T_CHECK((m = dtype_find_member(pk, "s")) && bitfield(bytes, m) == s && s == -3);
	long off, size;
	T_CHECK(want(out, "pk.i", &off, &size) && dtype_find_member(pk, "i")->offset == off);
	T_CHECK(want(out, "pk.l", &off, &size) && dtype_find_member(pk, "l")->offset == off);
	p = strstr(out, "sizeof packed ");
	T_CHECK(p && dtype_sizeof(pk) == atol(p + 14));
	dtype_ctx_free(ctx);
}

T_CASE(bitfields_dwarf5) { check_bits("fx5", out5); }
T_CASE(bitfields_dwarf4) { check_bits("fx4", out4); }

T_CASE(types_of_members)
{
	T_CHECK(setup());
	struct dtype_ctx *ctx = dtype_ctx_new();
	struct dtype *t = import("fx5", ctx, DTY_STRUCT, "account", NULL);
	T_CHECK(t != NULL);
	if (!t) {
		dtype_ctx_free(ctx);
		return;
	}
	struct {
		const char *member, *spelling;
	} cases[] = {
		{"balance", "long"}, {"arr", "int [4]"}, {"col", "enum color"},
		{"u", "union num"}, {"owner", "struct owner *"}, {"next", "struct node *"},
		{"name", "char [16]"}, {"cb", "int (*)(int, char *)"},
		{"cvi", "const volatile int"}, {"matrix", "int [2][3]"}, {"at", "anon_t"},
		{"id", "u32_t"}, {"ok", "_Bool"}, {"d", "double"}, {"tail", "char []"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct dmember *m = dtype_find_member(t, cases[i].member);
		char *sp = m ? dtype_spell(m->type, NULL, false) : NULL;
		if (!sp || strcmp(sp, cases[i].spelling) != 0)
			T_FAIL_("%s: \"%s\", want \"%s\"", cases[i].member, sp ? sp : "(none)",
				cases[i].spelling);
		free(sp);
	}
	/* enum values and sizes */
	struct dtype *col = dtype_resolve(dtype_find_member(t, "col")->type);
	T_CHECK(col->complete && col->nenums == 3 && col->enums[1].value == 5 && col->enums[2].value == 6);
	struct dtype *ng = import("fx5", ctx, DTY_ENUM, "neg", NULL);
	struct dtype *bg = import("fx5", ctx, DTY_ENUM, "big", NULL);
	T_CHECK(ng && ng->enums[0].value == -5 && !ng->is_unsigned && dtype_sizeof(ng) == 4);
	T_CHECK(bg && bg->enums[1].value == 0x100000000LL && dtype_sizeof(bg) == 8);
	/* the anonymous typedef'd struct through its typedef name */
	struct dtype *at = import("fx5", ctx, DTY_TYPEDEF, "anon_t", NULL);
	T_CHECK(at && at->kind == DTY_TYPEDEF && dtype_sizeof(at) == 8 &&
		dtype_find_member(at, "r") && dtype_find_member(at, "r")->offset == 4);
	dtype_ctx_free(ctx);
}

T_CASE(pointers_lazy_and_recursive)
{
	T_CHECK(setup());
	struct dtype_ctx *ctx = dtype_ctx_new();
	char err[512], path[256];
	snprintf(path, sizeof(path), "%s/fx5", work);
	struct dwt_file *f = dwt_open(path, NULL, err, sizeof(err));
	T_CHECK(f != NULL);
	if (!f) {
		dtype_ctx_free(ctx);
		return;
	}
	struct dtype *t = NULL;
	size_t units, names;
	T_EQ_INT(dwt_lookup(f, ctx, DTY_STRUCT, "account", &t, err, sizeof(err)), 1);
	/* account is in the first unit: the second was not read */
	dwt_stats(f, &units, &names);
	T_EQ_INT(units, 1);
	/* struct owner is only pointed to: left incomplete, and the tag is in the scope */
	struct dtype *own = dtype_resolve(dtype_resolve(dtype_find_member(t, "owner")->type)->base);
	T_CHECK(!own->complete);
	struct dscope_ent *e = dscope_find(ctx, "owner", DSYM_TAG, false);
	T_CHECK(e && e->type == own);
	/* completing it finds it in the second unit */
	T_EQ_INT(dwt_complete(f, ctx, own, err, sizeof(err)), 1);
	T_CHECK(own->complete && dtype_sizeof(own) == 40);
	T_CHECK(dtype_find_member(own, "uid") && dtype_find_member(own, "uid")->offset == 24);
	struct dtype *boss = dtype_resolve(dtype_find_member(own, "boss")->type);
	T_CHECK(boss->kind == DTY_PTR && dtype_resolve(boss->base) == own);
	dwt_stats(f, &units, &names);
	T_EQ_INT(units, 2);
	/* struct node { struct node *next; } points at itself once completed */
	struct dtype *node = dtype_resolve(dtype_resolve(dtype_find_member(t, "next")->type)->base);
	T_EQ_INT(dwt_complete(f, ctx, node, err, sizeof(err)), 1);
	T_CHECK(dtype_resolve(dtype_resolve(dtype_find_member(node, "next")->type)->base) == node);
	/* a name nobody defines: 0, after one full scan, and no second one */
	struct dtype *nobody = dtype_tagged(ctx, DTY_STRUCT, "nobody");
	T_EQ_INT(dwt_complete(f, ctx, nobody, err, sizeof(err)), 0);
	T_CHECK(!nobody->complete);
	size_t u2;
	dwt_stats(f, &u2, &names);
	T_EQ_INT(dwt_lookup(f, ctx, DTY_UNION, "nobody", &t, err, sizeof(err)), 0);
	dwt_stats(f, &units, &names);
	T_EQ_INT(units, u2);
	dwt_close(f);
	dtype_ctx_free(ctx);
}

/* A tag the context already defines is used as it is (a provider file's declaration); an
 * incomplete one is completed in place, so qualified uses see the body too. */
T_CASE(shares_scope_tags)
{
	T_CHECK(setup());
	struct dtype_ctx *ctx = dtype_ctx_new();
	struct dtype *mine = dtype_tagged(ctx, DTY_UNION, "num");
	dtype_add_member(mine, "only", ctx->t_long, -1);
	T_CHECK(dtype_finish_record(mine, NULL) == 0);
	dscope_add(ctx, "num", DSYM_TAG, mine, 0);
	struct dtype *inner = dtype_tagged(ctx, DTY_STRUCT, "inner");
	dscope_add(ctx, "inner", DSYM_TAG, inner, 0);
	struct dtype *cinner = dtype_qualify(ctx, inner, DQ_CONST);
	struct dtype *t = import("fx5", ctx, DTY_STRUCT, "account", NULL);
	T_CHECK(t && dtype_resolve(dtype_find_member(t, "u")->type) == mine);
	T_CHECK(dtype_resolve(dtype_find_member(t, "in")->type) == inner);
	T_CHECK(dtype_is_complete(cinner) && dtype_find_member(cinner, "b") &&
		dtype_find_member(cinner, "b")->offset == 4);
	dtype_ctx_free(ctx);
}

T_CASE(separate_debug_files)
{
	T_CHECK(setup());
	char err[512], path[256];
	/* the stripped copies have no DWARF of their own */
	snprintf(path, sizeof(path), "%s/fxbs", work);
	struct dwt_file *f = dwt_open(path, "/nonexistent", err, sizeof(err));
	T_CHECK(f == NULL && strstr(err, "no DWARF"));
	dwt_close(f);
	struct dtype_ctx *ctx = dtype_ctx_new();
	struct dtype *t = import("fx5s", ctx, DTY_STRUCT, "account", NULL);
	T_CHECK(t && dtype_sizeof(t) == 168 && dtype_find_member(t, "d")->offset == 160);
	char dbg[128];
	snprintf(dbg, sizeof(dbg), ":.debug:%s/dbg", work);
	t = import("fxbs", ctx, DTY_STRUCT, "packed", dbg);
	T_CHECK(t && dtype_sizeof(t) == 14);
	/* which file the types came from */
	snprintf(path, sizeof(path), "%s/fx5s", work);
	f = dwt_open(path, NULL, err, sizeof(err));
	T_CHECK(f && strstr(dwt_debug_file(f), "fx5.debug"));
	dwt_close(f);
	dtype_ctx_free(ctx);
}

T_CASE(no_dwarf)
{
	T_CHECK(setup());
	char err[512], path[256];
	snprintf(path, sizeof(path), "%s/nodwarf", work);
	struct dwt_file *f = dwt_open(path, NULL, err, sizeof(err));
	T_CHECK(f == NULL);
	T_CHECK(strstr(err, "nodwarf: no DWARF debugging information") != NULL);
	snprintf(path, sizeof(path), "%s/does-not-exist", work);
	f = dwt_open(path, NULL, err, sizeof(err));
	T_CHECK(f == NULL && strstr(err, "does-not-exist"));
	/* not an ELF file */
	snprintf(path, sizeof(path), "%s/fx5.out", work);
	f = dwt_open(path, NULL, err, sizeof(err));
	T_CHECK(f == NULL && strstr(err, "fx5.out"));
	/* the cache opens a path once and says why only the first time */
	struct dwt_cache c = {0};
	const char *why;
	T_CHECK(dwt_cache_get(&c, path, &why) == NULL && why != NULL);
	T_CHECK(dwt_cache_get(&c, path, &why) == NULL && why == NULL);
	snprintf(path, sizeof(path), "%s/fx5", work);
	struct dwt_file *a = dwt_cache_get(&c, path, &why);
	T_CHECK(a != NULL && dwt_cache_get(&c, path, &why) == a && c.n == 2);
	dwt_cache_free(&c);
}

/* .debug_info's file offset and size in an ELF file, through libelf. */
static bool debug_info_range(const char *path, size_t *off, size_t *size)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return false;
	elf_version(EV_CURRENT);
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	size_t shstrndx;
	bool found = false;
	if (e && elf_getshdrstrndx(e, &shstrndx) == 0) {
		for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn)) != NULL;) {
			GElf_Shdr sh;
			const char *name = gelf_getshdr(scn, &sh) ? elf_strptr(e, shstrndx, sh.sh_name) : NULL;
			if (name && strcmp(name, ".debug_info") == 0) {
				*off = sh.sh_offset;
				*size = sh.sh_size;
				found = true;
			}
		}
	}
	elf_end(e);
	close(fd);
	return found;
}

/* Corrupted DWARF (bytes of .debug_info overwritten, a fixed pseudo-random sequence) gives
 * answers or errors, never a crash or a hang (this binary also runs under ASan+UBSan). */
T_CASE(corrupt_dwarf)
{
	T_CHECK(setup());
	char path[256], bad[256], err[512];
	snprintf(path, sizeof(path), "%s/fx5", work);
	snprintf(bad, sizeof(bad), "%s/corrupt", work);
	size_t off = 0, size = 0, len = 0;
	T_CHECK(debug_info_range(path, &off, &size) && size > 0);
	FILE *in = fopen(path, "rb");
	unsigned char *img = in ? malloc(1 << 22) : NULL;
	if (img)
		len = fread(img, 1, 1 << 22, in);
	if (in)
		fclose(in);
	T_CHECK(len > off + size);
	unsigned char *copy = malloc(len ? len : 1);
	uint64_t x = 88172645463325252ull;
	int errors = 0;
	static const char *const names[] = { "account", "packed", "node", "owner" };
	for (int it = 0; len > off + size && it < 150; it++) {
		memcpy(copy, img, len);
		for (int k = 0; k < 1 + it % 6; k++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			copy[off + x % size] = (unsigned char)(x >> 32);
		}
		FILE *o = fopen(bad, "wb");
		fwrite(copy, 1, len, o);
		fclose(o);
		struct dwt_file *f = dwt_open(bad, "/nonexistent", err, sizeof(err));
		if (!f)
			continue;
		struct dtype_ctx *ctx = dtype_ctx_new();
		for (int i = 0; i < 4; i++) {
			struct dtype *t = NULL;
			int rc = dwt_lookup(f, ctx, DTY_STRUCT, names[i], &t, err, sizeof(err));
			errors += rc < 0;
			if (rc == 1)
				for (int m = 0; m < dtype_resolve(t)->nmembers; m++) {
					struct dtype *mt = dtype_resolve(dtype_resolve(t)->members[m].type);
					if (mt->kind == DTY_PTR && !dtype_is_complete(mt->base))
						errors += dwt_complete(f, ctx, dtype_resolve(mt->base), err,
								       sizeof(err)) < 0;
				}
		}
		dtype_ctx_free(ctx);
		dwt_close(f);
	}
	printf("# %d import errors reported in 150 corrupted files\n", errors);
	free(copy);
	free(img);
}

T_MAIN()
