/* test_elf_funcs.c — the functions of real ELF files and their instructions, against
 * independent witnesses, and dwt_func_params.
 *
 * tests/unit/fixtures/ef_prog.c and ef_cxx.cc are built with gcc, clang, g++ and clang++ at
 * -O0 and -O2, PIE and not, as a shared library, and stripped (a library and an -rdynamic
 * executable keep only .dynsym). Witnesses: `readelf -sW` for every function symbol's name,
 * address, size and type; `nm -S` (and `nm -D -S`) for each entry we list; `c++filt` for
 * demangled names; `objdump -d` for instruction starts and `ret` lines, every function of the
 * fixtures and a sample of libc's. Broken inputs (truncated and corrupted copies of a fixture,
 * 150 of them) must give clean errors or answers, never a crash: this binary also runs under
 * ASan+UBSan. */
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdint.h>
#include <unistd.h>

#include "dwarf_types.h"
#include "elf_funcs.h"
#include "t.h"
#include "util.h"

static char top[4096];   /* the repository: three levels above the test binary */
static char work[64];    /* a private temp dir with the fixture builds */

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

/* The builds: file name in work/, and the command that makes it (%s: fixtures dir, then the
 * output file). */
static const struct build {
	const char *file, *cmd;
	bool cxx;
} builds[] = {
	{ "gcc_O0_pie", "gcc -O0 -g -fPIE -pie -w %s/ef_prog.c -o %s", false },
	{ "gcc_O2_pie", "gcc -O2 -g -fPIE -pie -w %s/ef_prog.c -o %s", false },
	{ "gcc_O2_nopie", "gcc -O2 -fno-pie -no-pie -w %s/ef_prog.c -o %s", false },
	{ "clang_O0", "clang -O0 -g -w %s/ef_prog.c -o %s", false },
	{ "clang_O2", "clang -O2 -w %s/ef_prog.c -o %s", false },
	{ "libef.so", "gcc -O2 -g -shared -fPIC -DEF_LIB -w %s/ef_prog.c -o %s", false },
	{ "libef_stripped.so", "gcc -O2 -shared -fPIC -DEF_LIB -w %s/ef_prog.c -o %s.tmp && "
			       "strip --strip-all %s.tmp -o %s", false },
	{ "rdyn_stripped", "gcc -O2 -rdynamic -w %s/ef_prog.c -o %s.tmp && "
			   "strip --strip-all %s.tmp -o %s", false },
	{ "gxx_O0", "g++ -O0 -g -w %s/ef_cxx.cc -o %s", true },
	{ "gxx_O2", "g++ -O2 -g -w %s/ef_cxx.cc -o %s", true },
	{ "clangxx_O2", "clang++ -O2 -w %s/ef_cxx.cc -o %s", true },
};
#define NBUILDS (sizeof(builds) / sizeof(builds[0]))

static char fixtures[4200];

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
	snprintf(fixtures, sizeof(fixtures), "%s/tests/unit/fixtures", top);
	snprintf(work, sizeof(work), "/tmp/ef-test.XXXXXX");
	if (!mkdtemp(work))
		return false;
	for (size_t i = 0; i < NBUILDS; i++) {
		char out[256], cmd[9000];
		snprintf(out, sizeof(out), "%s/%s", work, builds[i].file);
		/* the stripped builds name the output three times */
		snprintf(cmd, sizeof(cmd), builds[i].cmd, fixtures, out, out, out);
		if (sh("%s", cmd) != 0) {
			printf("# build failed: %s\n", cmd);
			return false;
		}
	}
	done = 1;
	return true;
}

__attribute__((destructor)) static void cleanup(void)
{
	if (work[0])
		sh("rm -rf %s", work);
}

static struct elf_funcs *open_build(const char *file)
{
	char path[256], err[512];
	struct elf_funcs *ef;
	snprintf(path, sizeof(path), "%s/%s", work, file);
	if (elf_funcs_open(path, &ef, err, sizeof(err)) < 0) {
		printf("# %s\n", err);
		return NULL;
	}
	return ef;
}

static const struct elf_func *find(const struct elf_funcs *ef, const char *name)
{
	size_t pos = 0;
	return elf_funcs_next_match(ef, name, &pos);
}

/* ---- readelf and nm as witnesses ---- */

struct wsym {
	char name[512];        /* without a version suffix */
	uint64_t value, size;
	bool ifunc;
};

static size_t base_len(const char *s)
{
	const char *at = strchr(s, '@');
	return at && at != s ? (size_t)(at - s) : strlen(s);
}

/* The defined function symbols readelf -sW lists (both tables), one per (name, address). */
static size_t readelf_funcs(const char *path, struct wsym **out)
{
	char cmd[600], line[4096];
	size_t n = 0, cap = 0;
	snprintf(cmd, sizeof(cmd), "readelf -sW %s", path);
	FILE *p = popen(cmd, "r");
	*out = NULL;
	while (p && fgets(line, sizeof(line), p)) {
		char size[64], type[32], bind[32], vis[32], ndx[32], name[3000];
		unsigned long long value;
		if (sscanf(line, " %*[0-9]: %llx %63s %31s %31s %31s %31s %2999s", &value, size, type,
			   bind, vis, ndx, name) != 7)
			continue;
		if ((strcmp(type, "FUNC") != 0 && strcmp(type, "IFUNC") != 0) ||
		    strcmp(ndx, "UND") == 0 || strcmp(ndx, "ABS") == 0)
			continue;
		struct wsym w = { .value = value, .size = strtoull(size, NULL, 0),
				  .ifunc = strcmp(type, "IFUNC") == 0 };
		snprintf(w.name, sizeof(w.name), "%.*s", (int)base_len(name), name);
		bool dup = false;
		for (size_t i = 0; i < n && !dup; i++)
			dup = (*out)[i].value == w.value && strcmp((*out)[i].name, w.name) == 0;
		if (dup)
			continue;
		xgrow(out, sizeof(**out), &cap, n + 1);
		(*out)[n++] = w;
	}
	if (p)
		pclose(p);
	return n;
}

static void check_against_readelf(const char *file)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/%s", work, file);
	struct elf_funcs *ef = open_build(file);
	T_CHECK(ef != NULL);
	if (!ef)
		return;
	struct wsym *w;
	size_t nw = readelf_funcs(path, &w);
	T_CHECK(nw > 5);
	if (ef->n != nw || ef->nskipped)
		T_FAIL_("%s: %zu functions (%zu skipped), readelf lists %zu", file, ef->n,
			ef->nskipped, nw);
	for (size_t i = 0; i < nw; i++) {
		const struct elf_func *f = NULL;
		for (size_t k = 0; k < ef->n && !f; k++)
			if (ef->funcs[k].addr == w[i].value && base_len(ef->funcs[k].name) ==
			    strlen(w[i].name) && strncmp(ef->funcs[k].name, w[i].name,
							 strlen(w[i].name)) == 0)
				f = &ef->funcs[k];
		if (!f) {
			T_FAIL_("%s: readelf's %s at %#llx is missing", file, w[i].name,
				(unsigned long long)w[i].value);
			continue;
		}
		if (f->size != w[i].size || f->ifunc != w[i].ifunc)
			T_FAIL_("%s: %s: size %llu ifunc %d, readelf says %llu %d", file, f->name,
				(unsigned long long)f->size, f->ifunc, (unsigned long long)w[i].size,
				w[i].ifunc);
	}
	/* sorted by address, the canonical alias first at each address */
	for (size_t k = 1; k < ef->n; k++)
		T_CHECK(ef->funcs[k - 1].addr <= ef->funcs[k].addr);
	for (size_t k = 0; k < ef->n; k++)
		T_CHECK(elf_funcs_canonical(ef, &ef->funcs[k])->addr == ef->funcs[k].addr);
	free(w);
	elf_funcs_free(ef);
}

T_CASE(symbols_gcc_O0_pie) { T_CHECK(setup()); check_against_readelf("gcc_O0_pie"); }
T_CASE(symbols_gcc_O2_pie) { T_CHECK(setup()); check_against_readelf("gcc_O2_pie"); }
T_CASE(symbols_gcc_O2_nopie) { T_CHECK(setup()); check_against_readelf("gcc_O2_nopie"); }
T_CASE(symbols_clang_O0) { T_CHECK(setup()); check_against_readelf("clang_O0"); }
T_CASE(symbols_clang_O2) { T_CHECK(setup()); check_against_readelf("clang_O2"); }
T_CASE(symbols_shared_lib) { T_CHECK(setup()); check_against_readelf("libef.so"); }
T_CASE(symbols_stripped_lib) { T_CHECK(setup()); check_against_readelf("libef_stripped.so"); }
T_CASE(symbols_stripped_rdynamic) { T_CHECK(setup()); check_against_readelf("rdyn_stripped"); }
T_CASE(symbols_gxx_O0) { T_CHECK(setup()); check_against_readelf("gxx_O0"); }
T_CASE(symbols_gxx_O2) { T_CHECK(setup()); check_against_readelf("gxx_O2"); }
T_CASE(symbols_clangxx_O2) { T_CHECK(setup()); check_against_readelf("clangxx_O2"); }

/* Every entry is in nm's listing with its address, size and a text/weak/ifunc letter. */
T_CASE(symbols_against_nm)
{
	T_CHECK(setup());
	for (size_t b = 0; b < NBUILDS; b++) {
		char cmd[600], line[4096];
		struct elf_funcs *ef = open_build(builds[b].file);
		T_CHECK(ef != NULL);
		if (!ef)
			continue;
		bool *seen = xcalloc(ef->n + 1, sizeof(bool));
		snprintf(cmd, sizeof(cmd), "{ nm -S --defined-only %s/%s; nm -D -S --defined-only "
			 "%s/%s; } 2>/dev/null", work, builds[b].file, work, builds[b].file);
		FILE *p = popen(cmd, "r");
		while (p && fgets(line, sizeof(line), p)) {
			unsigned long long addr, size = 0;
			char t, name[3000];
			if (sscanf(line, "%llx %llx %c %2999s", &addr, &size, &t, name) != 4) {
				size = 0;
				if (sscanf(line, "%llx %c %2999s", &addr, &t, name) != 3)
					continue;
			}
			if (!strchr("TtWwi", t))
				continue;
			for (size_t k = 0; k < ef->n; k++) {
				const struct elf_func *f = &ef->funcs[k];
				if (f->addr == addr && strcmp(f->name, name) == 0 && f->size == size &&
				    (t == 'i') == f->ifunc)
					seen[k] = true;
			}
		}
		if (p)
			pclose(p);
		for (size_t k = 0; k < ef->n; k++)
			if (!seen[k])
				T_FAIL_("%s: %s at %#llx size %llu is not in nm's listing", builds[b].file,
					ef->funcs[k].name, (unsigned long long)ef->funcs[k].addr,
					(unsigned long long)ef->funcs[k].size);
		free(seen);
		elf_funcs_free(ef);
	}
}

/* ---- names ---- */

T_CASE(aliases_ifunc_statics)
{
	T_CHECK(setup());
	static const char *const files[] = { "gcc_O0_pie", "gcc_O2_pie", "clang_O2", "libef.so" };
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct elf_funcs *ef = open_build(files[i]);
		T_CHECK(ef && ef->has_symtab);
		if (!ef)
			continue;
		const struct elf_func *go = find(ef, "go"), *ugo = find(ef, "_go");
		T_CHECK(go && ugo && go != ugo && go->addr == ugo->addr);
		T_CHECK(go && go->bind == STB_GLOBAL && ugo && ugo->bind == STB_WEAK);
		/* dtrace reports the alias with fewer underscores */
		T_CHECK(ugo && elf_funcs_canonical(ef, ugo) == go);
		const struct elf_func *pick = find(ef, "pick"), *res = find(ef, "resolve_pick");
		T_CHECK(pick && pick->ifunc && res && !res->ifunc && res->addr == pick->addr);
		const struct elf_func *helper = find(ef, "helper");
		T_CHECK(helper && helper->bind == STB_LOCAL && helper->tables == ELF_FUNCS_SYMTAB);
		const struct elf_func *handle = find(ef, "handle");
		T_CHECK(handle && handle->size > 0 && !handle->suffixed);
		/* an exported function is in both tables of the library, one entry */
		if (strcmp(files[i], "libef.so") == 0)
			T_CHECK(handle && handle->tables == (ELF_FUNCS_SYMTAB | ELF_FUNCS_DYNSYM));
		/* globs match display names in order; an exact name matches only itself */
		size_t pos = 0, nh = 0;
		const struct elf_func *f, *prev = NULL;
		while ((f = elf_funcs_next_match(ef, "h*", &pos))) {
			T_CHECK(f->display[0] == 'h');
			T_CHECK(!prev || prev->addr <= f->addr);
			prev = f;
			nh++;
		}
		T_CHECK(nh >= 2);
		pos = 0;
		T_CHECK(elf_funcs_next_match(ef, "handle", &pos) == handle &&
			!elf_funcs_next_match(ef, "handle", &pos));
		pos = 0;
		T_CHECK(elf_funcs_next_match(ef, "no_such_function*", &pos) == NULL && pos == ef->n);
		elf_funcs_free(ef);
	}
}

T_CASE(stripped_keeps_dynsym)
{
	T_CHECK(setup());
	static const char *const files[] = { "libef_stripped.so", "rdyn_stripped" };
	for (size_t i = 0; i < 2; i++) {
		struct elf_funcs *ef = open_build(files[i]);
		T_CHECK(ef && !ef->has_symtab);
		if (!ef)
			continue;
		T_CHECK(find(ef, "handle") && find(ef, "vsum") && find(ef, "go") && find(ef, "_go"));
		T_CHECK(find(ef, "pick") && find(ef, "pick")->ifunc);
		T_CHECK(!find(ef, "helper"));   /* static: gone with .symtab */
		for (size_t k = 0; k < ef->n; k++)
			T_CHECK(ef->funcs[k].tables == ELF_FUNCS_DYNSYM && ef->funcs[k].bind != STB_LOCAL);
		elf_funcs_free(ef);
	}
}

/* Our demangled names are c++filt's, and a few spelled out. */
static void check_demangled(const char *file)
{
	struct elf_funcs *ef = open_build(file);
	T_CHECK(ef != NULL);
	if (!ef)
		return;
	char in[256], out[256];
	snprintf(in, sizeof(in), "%s/%s.names", work, file);
	snprintf(out, sizeof(out), "%s/%s.demangled", work, file);
	FILE *f = fopen(in, "w");
	size_t nz = 0;
	for (size_t k = 0; k < ef->n; k++)
		if (strncmp(ef->funcs[k].name, "_Z", 2) == 0) {
			fprintf(f, "%s\n", ef->funcs[k].name);
			nz++;
		}
	fclose(f);
	T_CHECK(nz >= 6);
	T_EQ_INT(sh("c++filt < %s > %s", in, out), 0);
	FILE *g = fopen(out, "r");
	char line[4096];
	for (size_t k = 0; g && k < ef->n; k++) {
		if (strncmp(ef->funcs[k].name, "_Z", 2) != 0)
			continue;
		if (!fgets(line, sizeof(line), g))
			break;
		line[strcspn(line, "\n")] = 0;
		if (strcmp(line, ef->funcs[k].display) != 0)
			T_FAIL_("%s: %s: \"%s\", c++filt says \"%s\"", file, ef->funcs[k].name,
				ef->funcs[k].display, line);
	}
	if (g)
		fclose(g);
	static const char *const want[] = {
		"ns::conn::send(char const*, int)", "ns::over(int)", "ns::over(double)",
		"int ns::twice<int>(int)", "long ns::twice<long>(long)",
		"(anonymous namespace)::hidden(int)",
	};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct elf_func *fn = find(ef, want[i]);
		if (!fn)
			T_FAIL_("%s: no %s", file, want[i]);
		else
			T_CHECK(strncmp(fn->name, "_Z", 2) == 0 && fn->display != fn->name);
	}
	/* globs see both spellings; C names are their own display */
	T_CHECK(find(ef, "ns::conn::*") && find(ef, "_ZN2ns4conn4sendEPKci") &&
		find(ef, "*twice<int>*"));
	T_CHECK(find(ef, "main") && find(ef, "main")->display == find(ef, "main")->name);
	elf_funcs_free(ef);
}

T_CASE(demangle_gxx_O0) { T_CHECK(setup()); check_demangled("gxx_O0"); }
T_CASE(demangle_gxx_O2) { T_CHECK(setup()); check_demangled("gxx_O2"); }
T_CASE(demangle_clangxx_O2) { T_CHECK(setup()); check_demangled("clangxx_O2"); }

T_CASE(constructors_and_clones)
{
	T_CHECK(setup());
	struct elf_funcs *ef = open_build("gxx_O0");
	T_CHECK(ef != NULL);
	if (ef) {
		/* g++ emits the complete and base constructors (C1, C2) at one address */
		const struct elf_func *c1 = find(ef, "_ZN2ns4connC1Ei"), *c2 = find(ef, "_ZN2ns4connC2Ei");
		T_CHECK(c1 && c2 && c1 != c2 && c1->addr == c2->addr);
		T_CHECK(c1 && strcmp(c1->display, "ns::conn::conn(int)") == 0);
		T_CHECK(c1 && elf_funcs_canonical(ef, c1) == elf_funcs_canonical(ef, c2));
		elf_funcs_free(ef);
	}
	/* g++ -O2 clones: listed as they are, marked, demangled with the clone's name */
	ef = open_build("gxx_O2");
	T_CHECK(ef != NULL);
	if (ef) {
		size_t nclones = 0;
		for (size_t k = 0; k < ef->n; k++) {
			const struct elf_func *f = &ef->funcs[k];
			T_EQ_INT(f->suffixed, strchr(f->name + 1, '.') != NULL);
			if (f->suffixed && strncmp(f->name, "_Z", 2) == 0) {
				nclones++;
				T_CHECK(strstr(f->display, "[clone .") != NULL);
			}
		}
		T_CHECK(nclones >= 1);
		elf_funcs_free(ef);
	}
}

/* .dynsym's hidden versions (memcpy@GLIBC_2.2.5 beside memcpy@@GLIBC_2.14) match readelf's
 * single '@'; IFUNCs match readelf's type. */
T_CASE(libc_versions_and_ifuncs)
{
	const char *libc = "/lib/x86_64-linux-gnu/libc.so.6";
	char err[512], cmd[600], line[4096];
	struct elf_funcs *ef;
	if (elf_funcs_open(libc, &ef, err, sizeof(err)) < 0) {
		printf("# %s\n", err);
		T_CHECK(0);
		return;
	}
	struct vsym {
		char name[256];
		unsigned long long value, size;
		bool hidden, ifunc;
	} *w = NULL;
	size_t nw = 0, cap = 0;
	snprintf(cmd, sizeof(cmd), "readelf -sW --dyn-syms %s", libc);
	FILE *p = popen(cmd, "r");
	while (p && fgets(line, sizeof(line), p)) {
		char size[64], type[32], bind[32], vis[32], ndx[32], name[3000];
		unsigned long long value;
		if (sscanf(line, " %*[0-9]: %llx %63s %31s %31s %31s %31s %2999s", &value, size, type,
			   bind, vis, ndx, name) != 7 ||
		    (strcmp(type, "FUNC") != 0 && strcmp(type, "IFUNC") != 0) ||
		    strcmp(ndx, "UND") == 0 || base_len(name) >= sizeof(w->name))
			continue;
		const char *at = strchr(name, '@');
		xgrow(&w, sizeof(*w), &cap, nw + 1);
		w[nw] = (struct vsym){ .value = value, .size = strtoull(size, NULL, 0),
				       .hidden = at && at[1] != '@',
				       .ifunc = strcmp(type, "IFUNC") == 0 };
		snprintf(w[nw].name, sizeof(w[nw].name), "%.*s", (int)base_len(name), name);
		nw++;
	}
	if (p)
		pclose(p);
	size_t checked = 0, hidden = 0, ifuncs = 0;
	for (size_t i = 0; i < nw; i++) {
		/* the same code under a hidden and the default version is reachable by its name */
		bool hid = true;
		for (size_t j = 0; j < nw; j++)
			if (w[j].value == w[i].value && strcmp(w[j].name, w[i].name) == 0)
				hid = hid && w[j].hidden;
		const struct elf_func *f = NULL;
		for (size_t k = 0; k < ef->n && !f; k++)
			if (ef->funcs[k].addr == w[i].value && strcmp(ef->funcs[k].name, w[i].name) == 0)
				f = &ef->funcs[k];
		if (!f) {
			T_FAIL_("libc: %s at %#llx missing", w[i].name, w[i].value);
			continue;
		}
		checked++;
		hidden += hid;
		ifuncs += w[i].ifunc;
		if (f->hidden_version != hid || f->ifunc != w[i].ifunc || f->size != w[i].size)
			T_FAIL_("libc: %s: hidden %d ifunc %d size %llu", w[i].name, f->hidden_version,
				f->ifunc, (unsigned long long)f->size);
	}
	printf("# libc: %zu dynamic functions checked, %zu hidden versions, %zu IFUNCs\n", checked,
	       hidden, ifuncs);
	T_CHECK(checked > 1000 && hidden > 0 && ifuncs > 10);
	/* memcpy: two entries (GLIBC_2.2.5 hidden, GLIBC_2.14 default), the default an IFUNC */
	size_t pos = 0, nmemcpy = 0, ndefault = 0;
	const struct elf_func *f;
	while ((f = elf_funcs_next_match(ef, "memcpy", &pos))) {
		nmemcpy++;
		ndefault += !f->hidden_version;
	}
	T_CHECK(nmemcpy >= 1 && ndefault == 1);
	free(w);
	elf_funcs_free(ef);
}

/* ---- instructions against objdump ---- */

struct dis {
	uint64_t *addrs;       /* instruction starts */
	bool *ret;             /* the instruction is a return */
	char **callee;         /* a call's: the symbol objdump names ("strcmp@plt", "f"), "?"
	                        * when it names none; NULL for other instructions */
	size_t n, cap;
};

/* What objdump names as a call's target: the <symbol> of "call 1060 <strcmp@plt>" or of
 * "call *0x2c70(%rip)  # 3fc0 <strcmp@GLIBC_2.2.5>", "?" when it names none or an offset. */
static char *call_target(const char *ins)
{
	const char *lt = strrchr(ins, '<'), *gt = lt ? strchr(lt, '>') : NULL;
	if (!lt || !gt || memchr(lt, '+', (size_t)(gt - lt)))
		return xstrdup("?");
	return xstrndup(lt + 1, (size_t)(gt - lt - 1));
}

static void objdump(const char *path, uint64_t start, uint64_t stop, struct dis *d)
{
	char cmd[800], line[4096];
	if (stop)
		snprintf(cmd, sizeof(cmd), "objdump -d -w --no-show-raw-insn --start-address=%#llx "
			 "--stop-address=%#llx %s", (unsigned long long)start,
			 (unsigned long long)stop, path);
	else
		snprintf(cmd, sizeof(cmd), "objdump -d -w --no-show-raw-insn %s", path);
	FILE *p = popen(cmd, "r");
	size_t rcap = 0, ccap = 0;
	while (p && fgets(line, sizeof(line), p)) {
		unsigned long long a;
		int used = 0;
		if (sscanf(line, " %llx:%n", &a, &used) != 1 || line[used] != '\t')
			continue;
		const char *ins = line + used + 1;
		/* prefixes objdump prints before the mnemonic */
		for (bool again = true; again;) {
			again = false;
			static const char *const pre[] = { "repz ", "rep ", "bnd ", "notrack ", "data16 " };
			for (size_t i = 0; i < sizeof(pre) / sizeof(pre[0]); i++)
				if (strncmp(ins, pre[i], strlen(pre[i])) == 0) {
					ins += strlen(pre[i]);
					again = true;
				}
		}
		bool ret = strncmp(ins, "ret", 3) == 0 && (ins[3] == 0 || ins[3] == '\n' ||
			   ins[3] == ' ' || ins[3] == 'q' || ins[3] == 'w' || ins[3] == 'l');
		bool call = strncmp(ins, "call", 4) == 0 && (ins[4] == ' ' || ins[4] == 'q');
		xgrow(&d->addrs, sizeof(*d->addrs), &d->cap, d->n + 1);
		xgrow(&d->ret, sizeof(*d->ret), &rcap, d->n + 1);
		xgrow(&d->callee, sizeof(*d->callee), &ccap, d->n + 1);
		d->addrs[d->n] = a;
		d->callee[d->n] = call ? call_target(ins) : NULL;
		d->ret[d->n++] = ret;
	}
	if (p)
		pclose(p);
}

static size_t ncalls_named;  /* calls whose callee was checked against objdump's name */

/* fn's instructions, returns and calls must be objdump's in [addr, addr + size), both ways;
 * the function, PLT stub or GOT slot a call reaches is the one objdump names. */
static bool compare_insns(const char *what, const struct elf_funcs *ef, const struct elf_func *fn,
			  const struct dis *d)
{
	char err[512];
	struct elf_insns in;
	if (elf_funcs_insn_offsets(ef, fn, &in, err, sizeof(err)) < 0) {
		T_FAIL_("%s: %s: %s", what, fn->display, err);
		return false;
	}
	bool ok = in.complete && in.decoded == fn->size && in.n && in.offs[0] == 0;
	if (!ok)
		T_FAIL_("%s: %s: decoded %llu of %llu bytes", what, fn->display,
			(unsigned long long)in.decoded, (unsigned long long)fn->size);
	size_t nd = 0, nr = 0, ri = 0, nc = 0;
	for (size_t i = 0; ok && i < d->n; i++) {
		if (d->addrs[i] < fn->addr || d->addrs[i] - fn->addr >= fn->size)
			continue;
		uint64_t off = d->addrs[i] - fn->addr;
		if (d->callee[i]) {
			/* every call, and what it calls where objdump names a function or a PLT
			 * stub or GOT slot of one (C++ names: objdump's are mangled, ours not) */
			if (nc >= in.ncalls || in.calls[nc].off != off) {
				T_FAIL_("%s: %s: objdump has a call at +%#llx", what, fn->display,
					(unsigned long long)off);
				ok = false;
				break;
			}
			const char *want = d->callee[i], *got = elf_funcs_call_name(ef, &in.calls[nc]);
			const char *at = strchr(want, '@');
			size_t wl = at ? (size_t)(at - want) : strlen(want);
			bool plt = at && strcmp(at, "@plt") == 0;
			bool slot = at && !plt && in.calls[nc].kind == ELF_CALL_SLOT;
			if ((plt || slot || !at) && strcmp(want, "?") != 0 && strncmp(want, "_Z", 2) != 0) {
				bool same = got && strlen(got) == wl && strncmp(got, want, wl) == 0;
				if (!same && !at && got) {
					/* a direct call: objdump may name another alias of the target */
					size_t pos = 0;
					char *w = xstrndup(want, wl);
					const struct elf_func *t = elf_funcs_next_match(ef, w, &pos);
					same = t && strcmp(elf_funcs_canonical(ef, t)->display, got) == 0;
					free(w);
				}
				if (!same) {
					T_FAIL_("%s: %s: the call at +%#llx calls %s, we say %s", what,
						fn->display, (unsigned long long)off, want,
						got ? got : "(nothing)");
					ok = false;
				}
				ncalls_named++;
			}
			nc++;
		}
		if (nd >= in.n || in.offs[nd] != off) {
			T_FAIL_("%s: %s: objdump has an instruction at +%#llx, we have %#llx", what,
				fn->display, (unsigned long long)off,
				nd < in.n ? (unsigned long long)in.offs[nd] : 0ull);
			ok = false;
			break;
		}
		nd++;
		if (d->ret[i]) {
			nr++;
			if (ri >= in.nrets || in.rets[ri] != off) {
				T_FAIL_("%s: %s: objdump has a return at +%#llx", what, fn->display,
					(unsigned long long)off);
				ok = false;
			}
			ri++;
		}
	}
	if (ok && nc != in.ncalls) {
		T_FAIL_("%s: %s: %zu calls, objdump %zu", what, fn->display, in.ncalls, nc);
		ok = false;
	}
	if (ok && (nd != in.n || nr != in.nrets)) {
		T_FAIL_("%s: %s: %zu instructions and %zu returns, objdump %zu and %zu", what,
			fn->display, in.n, in.nrets, nd, nr);
		ok = false;
	}
	for (size_t i = 0; ok && i < in.n; i++)
		T_CHECK(elf_insns_has(&in, in.offs[i]) && !elf_insns_has(&in, in.offs[i] + fn->size));
	elf_insns_free(&in);
	return ok;
}

T_CASE(instructions_against_objdump)
{
	T_CHECK(setup());
	size_t nfuncs = 0, nrets = 0;
	for (size_t b = 0; b < NBUILDS; b++) {
		char path[256];
		snprintf(path, sizeof(path), "%s/%s", work, builds[b].file);
		struct elf_funcs *ef = open_build(builds[b].file);
		T_CHECK(ef != NULL);
		if (!ef)
			continue;
		struct dis d = {0};
		objdump(path, 0, 0, &d);
		T_CHECK(d.n > 50);
		for (size_t k = 0; k < ef->n; k++) {
			const struct elf_func *fn = &ef->funcs[k];
			if (!fn->size)
				continue;
			if (compare_insns(builds[b].file, ef, fn, &d))
				nfuncs++;
			struct elf_insns in;
			char err[256];
			if (elf_funcs_insn_offsets(ef, fn, &in, err, sizeof(err)) == 0) {
				nrets += in.nrets;
				elf_insns_free(&in);
			}
		}
		for (size_t i = 0; i < d.n; i++)
			free(d.callee[i]);
		free(d.callee);
		free(d.addrs);
		free(d.ret);
		elf_funcs_free(ef);
	}
	printf("# %zu functions' instructions agree with objdump (%zu returns, %zu calls' targets "
	       "named alike)\n", nfuncs, nrets, ncalls_named);
	T_CHECK(nfuncs > 100 && nrets > 100 && ncalls_named > 20);
}

/* A sample of libc: every 60th sized function, objdump on that range alone. Functions capstone
 * 4 cannot finish (newer instruction sets) are counted, not failed: their decoded part must
 * still agree. */
T_CASE(instructions_libc_sample)
{
	const char *libc = "/lib/x86_64-linux-gnu/libc.so.6";
	char err[512];
	struct elf_funcs *ef;
	if (elf_funcs_open(libc, &ef, err, sizeof(err)) < 0) {
		printf("# %s\n", err);
		T_CHECK(0);
		return;
	}
	size_t tried = 0, agreed = 0, partial = 0;
	for (size_t k = 0; k < ef->n; k += 60) {
		const struct elf_func *fn = &ef->funcs[k];
		if (!fn->size)
			continue;
		struct elf_insns in;
		if (elf_funcs_insn_offsets(ef, fn, &in, err, sizeof(err)) < 0) {
			T_FAIL_("libc: %s", err);
			continue;
		}
		bool complete = in.complete;
		elf_insns_free(&in);
		struct dis d = {0};
		objdump(libc, fn->addr, fn->addr + fn->size, &d);
		tried++;
		if (complete)
			agreed += compare_insns("libc", ef, fn, &d);
		else
			partial++;
		for (size_t i = 0; i < d.n; i++)
			free(d.callee[i]);
		free(d.callee);
		free(d.addrs);
		free(d.ret);
	}
	printf("# libc: %zu of %zu sampled functions agree with objdump, %zu decoded partly\n",
	       agreed, tried, partial);
	T_CHECK(tried > 20 && agreed + partial == tried && agreed > tried / 2);
	elf_funcs_free(ef);
}

/* ---- errors and broken files ---- */

static unsigned char *read_build(const char *file, size_t *len)
{
	char path[256];
	snprintf(path, sizeof(path), "%s/%s", work, file);
	return (unsigned char *)util_read_file(path, len);
}

/* The section header of `name` in an image, through libelf (independently of elf_funcs). */
static size_t shdr_offset(unsigned char *img, size_t len, const char *name)
{
	elf_version(EV_CURRENT);
	Elf *e = elf_memory((char *)img, len);
	size_t shstrndx, at = 0;
	GElf_Ehdr eh;
	if (!e || elf_getshdrstrndx(e, &shstrndx) != 0 || !gelf_getehdr(e, &eh)) {
		elf_end(e);
		return 0;
	}
	for (Elf_Scn *scn = NULL; (scn = elf_nextscn(e, scn));) {
		GElf_Shdr s;
		const char *n = gelf_getshdr(scn, &s) ? elf_strptr(e, shstrndx, s.sh_name) : NULL;
		if (n && strcmp(n, name) == 0)
			at = eh.e_shoff + elf_ndxscn(scn) * eh.e_shentsize;
	}
	elf_end(e);
	return at;
}

T_CASE(error_messages)
{
	T_CHECK(setup());
	char err[512];
	struct elf_funcs *ef;
	size_t len;
	unsigned char *img = read_build("gcc_O2_pie", &len);
	T_CHECK(img != NULL);
	if (!img)
		return;
	unsigned char *copy = xmalloc(len);

	T_EQ_INT(elf_funcs_from_memory("text", "hello, world\n", 13, &ef, err, sizeof(err)), -1);
	T_CHECK(ef == NULL && strcmp(err, "text: not an ELF file") == 0);
	memcpy(copy, img, len);
	copy[EI_CLASS] = ELFCLASS32;
	T_EQ_INT(elf_funcs_from_memory("x32", copy, len, &ef, err, sizeof(err)), -1);
	T_EQ_STR(err, "x32: 32-bit ELF objects are not supported");
	memcpy(copy, img, len);
	((Elf64_Ehdr *)copy)->e_shoff = len - 8;
	T_EQ_INT(elf_funcs_from_memory("sh", copy, len, &ef, err, sizeof(err)), -1);
	T_EQ_STR(err, "sh: section header table lies outside the file (truncated?)");
	memcpy(copy, img, len);
	((Elf64_Ehdr *)copy)->e_type = ET_REL;
	T_EQ_INT(elf_funcs_from_memory("rel", copy, len, &ef, err, sizeof(err)), -1);
	T_CHECK(strstr(err, "relocatable object (ET_REL) is neither an executable nor a shared") != NULL);
	T_EQ_INT(elf_funcs_open("/nonexistent/x", &ef, err, sizeof(err)), -1);
	T_EQ_STR(err, "/nonexistent/x: No such file or directory");
	T_EQ_INT(elf_funcs_open("/tmp", &ef, err, sizeof(err)), -1);
	T_EQ_STR(err, "/tmp: not a regular file");

	/* .text moved past the end of the file: the table reads, the bytes do not */
	memcpy(copy, img, len);
	size_t text = shdr_offset(copy, len, ".text");
	T_CHECK(text > 0);
	if (text) {
		((Elf64_Shdr *)(copy + text))->sh_offset = len + 4096;
		T_EQ_INT(elf_funcs_from_memory("moved", copy, len, &ef, err, sizeof(err)), 0);
		const struct elf_func *h = ef ? find(ef, "handle") : NULL;
		struct elf_insns in;
		T_CHECK(h && elf_funcs_insn_offsets(ef, h, &in, err, sizeof(err)) == -1);
		T_CHECK(strstr(err, "moved: the bytes of function handle lie outside the file") != NULL);
		elf_funcs_free(ef);
	}
	/* .text made NOBITS: the function's section has no bytes in the file */
	memcpy(copy, img, len);
	if (text) {
		((Elf64_Shdr *)(copy + text))->sh_type = SHT_NOBITS;
		T_EQ_INT(elf_funcs_from_memory("nobits", copy, len, &ef, err, sizeof(err)), 0);
		const struct elf_func *h = ef ? find(ef, "handle") : NULL;
		struct elf_insns in;
		T_CHECK(h && elf_funcs_insn_offsets(ef, h, &in, err, sizeof(err)) == -1);
		T_CHECK(strstr(err, "nobits: function handle at ") &&
			strstr(err, "lies in .text, which has no bytes in the file (NOBITS)"));
		elf_funcs_free(ef);
	}
	/* a function with no size cannot be decoded */
	T_EQ_INT(elf_funcs_from_memory("img", img, len, &ef, err, sizeof(err)), 0);
	const struct elf_func *init = ef ? find(ef, "_init") : NULL;
	struct elf_insns in;
	T_CHECK(init && init->size == 0 && elf_funcs_insn_offsets(ef, init, &in, err, sizeof(err)) == -1);
	T_CHECK(strstr(err, "function _init has no size") != NULL);
	elf_funcs_free(ef);
	free(copy);
	free(img);
}

/* Hand-written assembly: a function symbol in .bss (its address has no bytes in the file, so
 * no PT_LOAD gives it an offset: skipped and counted), and one with bytes that are no
 * instruction. */
T_CASE(function_without_file_bytes)
{
	T_CHECK(setup());
	char err[512], path[256], src[300];
	snprintf(path, sizeof(path), "%s/bssfn", work);
	snprintf(src, sizeof(src), "%s.s", path);
	FILE *as = fopen(src, "w");
	T_CHECK(as != NULL);
	if (!as)
		return;
	fputs(".globl main\n.text\n.type main,@function\nmain: xor %eax,%eax\nret\n"
	      ".size main,.-main\n"
	      ".globl withdata\n.type withdata,@function\n"
	      "withdata: push %rbp\n.byte 0xff,0xff\nret\n.size withdata,.-withdata\n"
	      ".bss\n.globl inbss\n.type inbss,@function\n"
	      "inbss: .zero 32\n.size inbss,32\n.section .note.GNU-stack,\"\",@progbits\n", as);
	fclose(as);
	T_EQ_INT(sh("gcc %s -o %s", src, path), 0);
	struct elf_funcs *ef;
	T_EQ_INT(elf_funcs_open(path, &ef, err, sizeof(err)), 0);
	T_CHECK(ef && !find(ef, "inbss") && ef->nskipped == 1);
	const struct elf_func *m = ef ? find(ef, "main") : NULL;
	struct elf_insns in;
	T_CHECK(m && elf_funcs_insn_offsets(ef, m, &in, err, sizeof(err)) == 0 && in.n == 2 &&
		in.nrets == 1 && in.rets[0] == 2 && in.complete && in.decoded == 3);
	if (m)
		elf_insns_free(&in);
	/* bytes capstone cannot decode end the walk: what follows is not reported */
	const struct elf_func *wd = ef ? find(ef, "withdata") : NULL;
	T_CHECK(wd && wd->size == 4 && elf_funcs_insn_offsets(ef, wd, &in, err, sizeof(err)) == 0 &&
		in.n == 1 && in.offs[0] == 0 && in.decoded == 1 && !in.complete && in.nrets == 0 &&
		!elf_insns_has(&in, 3));
	if (wd)
		elf_insns_free(&in);
	elf_funcs_free(ef);
}

/* A file replaced after it was read is not decoded from its new bytes. */
T_CASE(changed_on_disk)
{
	T_CHECK(setup());
	char err[512], path[256];
	snprintf(path, sizeof(path), "%s/changing", work);
	T_EQ_INT(sh("cp %s/gcc_O0_pie %s", work, path), 0);
	struct elf_funcs *ef;
	T_EQ_INT(elf_funcs_open(path, &ef, err, sizeof(err)), 0);
	const struct elf_func *h = ef ? find(ef, "handle") : NULL;
	struct elf_insns in;
	T_CHECK(h && elf_funcs_insn_offsets(ef, h, &in, err, sizeof(err)) == 0);
	if (h)
		elf_insns_free(&in);
	T_EQ_INT(sh("cp %s/gcc_O2_pie %s.new && mv %s.new %s", work, path, path, path), 0);
	T_CHECK(h && elf_funcs_insn_offsets(ef, h, &in, err, sizeof(err)) == -1);
	T_CHECK(strstr(err, "changed on disk") != NULL);
	elf_funcs_free(ef);
}

/* Walk everything a broken image gives: no crash, no leak, no hang. */
static int exercise(const unsigned char *img, size_t len, int *decoded)
{
	char err[512];
	struct elf_funcs *ef;
	if (elf_funcs_from_memory("broken", img, len, &ef, err, sizeof(err)) < 0)
		return 0;
	size_t pos = 0;
	while (elf_funcs_next_match(ef, "h*", &pos))
		;
	for (size_t k = 0; k < ef->n; k++) {
		struct elf_insns in;
		(void)elf_funcs_canonical(ef, &ef->funcs[k]);
		if (elf_funcs_insn_offsets(ef, &ef->funcs[k], &in, err, sizeof(err)) == 0) {
			for (size_t i = 0; i < in.n; i++)
				(void)elf_insns_has(&in, in.offs[i]);
			(*decoded)++;
			elf_insns_free(&in);
		}
	}
	elf_funcs_free(ef);
	return 1;
}

T_CASE(corrupted_and_truncated)
{
	T_CHECK(setup());
	size_t len;
	unsigned char *img = read_build("gcc_O2_pie", &len);
	T_CHECK(img && len > 4096);
	if (!img)
		return;
	size_t symtab = shdr_offset(img, len, ".symtab"), dynsym = shdr_offset(img, len, ".dynsym");
	Elf64_Shdr *st = symtab ? (Elf64_Shdr *)(img + symtab) : NULL;
	unsigned char *copy = xmalloc(len);
	uint64_t x = 88172645463325252ull;
	int opened = 0, decoded = 0;
	for (int it = 0; it < 150; it++) {
		size_t n = len;
		memcpy(copy, img, len);
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		switch (it % 5) {
		case 0: /* truncated anywhere */
			n = (size_t)(x % len);
			break;
		case 1: /* the ELF and program headers */
			for (int k = 0; k < 1 + it % 4; k++, x ^= x << 13, x ^= x >> 7, x ^= x << 17)
				copy[x % 0x2a0] = (unsigned char)(x >> 40);
			break;
		case 2: /* section headers: .symtab's and .dynsym's fields, or anywhere in the table */
			for (int k = 0; k < 1 + it % 3; k++, x ^= x << 13, x ^= x >> 7, x ^= x << 17) {
				size_t base = k % 2 ? symtab : dynsym;
				size_t eh_shoff = ((Elf64_Ehdr *)img)->e_shoff;
				size_t at = base && x % 3 ? base + x % sizeof(Elf64_Shdr) :
					    eh_shoff + x % (len - eh_shoff);
				if (at < len)
					copy[at] = (unsigned char)(x >> 40);
			}
			break;
		case 3: /* the symbols themselves and their names */
			if (st && st->sh_offset + st->sh_size <= len) {
				for (int k = 0; k < 8; k++, x ^= x << 13, x ^= x >> 7, x ^= x << 17)
					copy[st->sh_offset + x % st->sh_size] = (unsigned char)(x >> 40);
			}
			break;
		case 4: /* anywhere, many bytes */
			for (int k = 0; k < 64; k++, x ^= x << 13, x ^= x >> 7, x ^= x << 17)
				copy[x % len] = (unsigned char)(x >> 40);
			break;
		}
		opened += exercise(copy, n, &decoded);
	}
	/* every length of the first 512 bytes, and around the section header table */
	size_t shoff = ((Elf64_Ehdr *)img)->e_shoff;
	for (size_t n = 0; n < 512; n += 7)
		opened += exercise(img, n, &decoded);
	for (size_t n = shoff - 64; n < len; n += 13)
		opened += exercise(img, n, &decoded);
	printf("# broken images: %d opened, %d functions decoded\n", opened, decoded);
	T_CHECK(opened > 10);
	free(copy);
	free(img);
}

/* ---- DWARF parameter types ---- */

static char *spell(struct dtype *t)
{
	return dtype_spell(t, NULL, false);
}

static void check_params(struct dwt_file *dw, struct dtype_ctx *ctx, const struct elf_funcs *ef,
			 const char *fn, const char *ret, int nparams, const char *const *want,
			 bool variadic)
{
	char err[512];
	const struct elf_func *f = find(ef, fn);
	struct dtype *ft = NULL;
	T_CHECK(f != NULL);
	if (!f)
		return;
	int rc = dwt_func_params(dw, ctx, fn, f->addr, &ft, err, sizeof(err));
	if (rc != 1) {
		T_FAIL_("%s: dwt_func_params %d %s", fn, rc, rc < 0 ? err : "");
		return;
	}
	T_CHECK(ft->kind == DTY_FUNC);
	char *r = spell(ft->base);
	if (strcmp(r, ret) != 0)
		T_FAIL_("%s: returns \"%s\", want \"%s\"", fn, r, ret);
	free(r);
	T_EQ_INT(ft->nparams, nparams);
	T_EQ_INT(ft->variadic, variadic);
	for (int i = 0; i < nparams && i < ft->nparams; i++) {
		char *p = spell(ft->params[i]);
		if (strcmp(p, want[i]) != 0)
			T_FAIL_("%s: parameter %d is \"%s\", want \"%s\"", fn, i, p, want[i]);
		free(p);
	}
}

static void check_prog_params(const char *file)
{
	char err[512], path[256];
	snprintf(path, sizeof(path), "%s/%s", work, file);
	struct elf_funcs *ef = open_build(file);
	struct dwt_file *dw = dwt_open(path, "/nonexistent", err, sizeof(err));
	T_CHECK(ef && dw);
	if (!ef || !dw) {
		printf("# %s\n", err);
		elf_funcs_free(ef);
		dwt_close(dw);
		return;
	}
	struct dtype_ctx *ctx = dtype_ctx_new();
	static const char *const handle[] = { "struct conn *", "int", "const char *" };
	static const char *const vsum[] = { "int" };
	static const char *const byval[] = { "struct big" };
	static const char *const helper[] = { "int" };
	check_params(dw, ctx, ef, "handle", "int", 3, handle, false);
	check_params(dw, ctx, ef, "vsum", "int", 1, vsum, true);
	check_params(dw, ctx, ef, "byval", "long", 1, byval, false);
	check_params(dw, ctx, ef, "nothing", "void", 0, NULL, false);
	check_params(dw, ctx, ef, "helper", "int", 1, helper, false);
	/* the struct passed by value is complete; the pointed-to one can be completed */
	const struct elf_func *f = find(ef, "byval");
	struct dtype *ft = NULL;
	if (f && dwt_func_params(dw, ctx, NULL, f->addr, &ft, err, sizeof(err)) == 1) {
		T_CHECK(dtype_is_complete(ft->params[0]) && dtype_sizeof(ft->params[0]) == 24);
		T_CHECK(ft->param_names && ft->param_names[0] && strcmp(ft->param_names[0], "b") == 0);
	} else {
		T_FAIL_("%s: byval by address alone", file);
	}
	f = find(ef, "handle");
	if (f && dwt_func_params(dw, ctx, "handle", f->addr, &ft, err, sizeof(err)) == 1) {
		struct dtype *conn = dtype_resolve(dtype_resolve(ft->params[0])->base);
		T_CHECK(dwt_complete(dw, ctx, conn, err, sizeof(err)) == 1 && dtype_sizeof(conn) == 32);
	}
	/* by name alone; an address where no function starts; no file at all */
	T_EQ_INT(dwt_func_params(dw, ctx, "handle", 0, &ft, err, sizeof(err)), 1);
	T_CHECK(ft && ft->nparams == 3);
	T_EQ_INT(dwt_func_params(dw, ctx, "handle", f ? f->addr + 1 : 1, &ft, err, sizeof(err)), 0);
	T_CHECK(ft == NULL);
	T_EQ_INT(dwt_func_params(dw, ctx, "no_such_function", 0, &ft, err, sizeof(err)), 0);
	T_EQ_INT(dwt_func_params(NULL, ctx, "handle", 0x1000, &ft, err, sizeof(err)), 0);
	dtype_ctx_free(ctx);
	dwt_close(dw);
	elf_funcs_free(ef);
}

T_CASE(params_gcc_O0) { T_CHECK(setup()); check_prog_params("gcc_O0_pie"); }
T_CASE(params_gcc_O2) { T_CHECK(setup()); check_prog_params("gcc_O2_pie"); }
T_CASE(params_clang_O0) { T_CHECK(setup()); check_prog_params("clang_O0"); }
T_CASE(params_shared_lib) { T_CHECK(setup()); check_prog_params("libef.so"); }

T_CASE(params_cxx)
{
	T_CHECK(setup());
	static const char *const files[] = { "gxx_O0", "gxx_O2" };
	for (size_t i = 0; i < 2; i++) {
		char err[512], path[256];
		snprintf(path, sizeof(path), "%s/%s", work, files[i]);
		struct elf_funcs *ef = open_build(files[i]);
		struct dwt_file *dw = dwt_open(path, "/nonexistent", err, sizeof(err));
		T_CHECK(ef && dw);
		if (ef && dw) {
			struct dtype_ctx *ctx = dtype_ctx_new();
			/* a member function: `this` first (gcc says it is const) */
			static const char *const send[] = { "struct conn *const", "const char *",
							    "int" };
			check_params(dw, ctx, ef, "ns::conn::send(char const*, int)", "int", 3, send,
				     false);
			static const char *const over[] = { "double" };
			check_params(dw, ctx, ef, "ns::over(double)", "int", 1, over, false);
			static const char *const twice[] = { "long" };
			check_params(dw, ctx, ef, "long ns::twice<long>(long)", "long", 1, twice, false);
			dtype_ctx_free(ctx);
		}
		dwt_close(dw);
		elf_funcs_free(ef);
	}
}

/* No DWARF: dwt_open says so once, and the caller passes NULL on (0, no message). */
T_CASE(params_without_dwarf)
{
	T_CHECK(setup());
	char err[512] = "", path[256];
	snprintf(path, sizeof(path), "%s/clang_O2", work);
	struct dwt_file *dw = dwt_open(path, "/nonexistent", err, sizeof(err));
	T_CHECK(dw == NULL && strstr(err, "no DWARF"));
	struct dtype_ctx *ctx = dtype_ctx_new();
	struct dtype *ft = (struct dtype *)1;
	err[0] = 0;
	T_EQ_INT(dwt_func_params(dw, ctx, "handle", 0x1139, &ft, err, sizeof(err)), 0);
	T_CHECK(ft == NULL && err[0] == 0);
	dtype_ctx_free(ctx);
}

T_MAIN()

/* The kernel's rule for optimising a uprobe (6.18, arch/x86/kernel/uprobes.c can_optimize, and
 * tests/sh/pid_sites.sh on this machine: 0f 1f 44 00 08 and 66 66 66 66 90 were made calls
 * too): a 5-byte nop, 0f 1f /0 or 90 with 66 prefixes, not across a page. */
T_CASE(x86_uprobe_optimizable)
{
	static const unsigned char nop5[] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
	static const unsigned char nop5d[] = { 0x0f, 0x1f, 0x44, 0x00, 0x08 };
	static const unsigned char p66x4[] = { 0x66, 0x66, 0x66, 0x66, 0x90 };
	static const unsigned char nopw5[] = { 0x66, 0x0f, 0x1f, 0x40, 0x00 };
	static const unsigned char nop4[] = { 0x0f, 0x1f, 0x40, 0x00, 0xc3 };
	static const unsigned char nop7[] = { 0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00 };
	static const unsigned char reg1[] = { 0x0f, 0x1f, 0x4c, 0x00, 0x00 };
	static const unsigned char pause[] = { 0xf3, 0x90, 0x90, 0x90, 0x90 };
	static const unsigned char nop6[] = { 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00 };
	T_CHECK(elf_x86_uprobe_optimizable(nop5, 5, 0x1000));
	T_CHECK(elf_x86_uprobe_optimizable(nop5, 5, 0x1ffb));
	T_CHECK(!elf_x86_uprobe_optimizable(nop5, 5, 0x1ffc));
	T_CHECK(!elf_x86_uprobe_optimizable(nop5, 4, 0x1000));
	T_CHECK(elf_x86_uprobe_optimizable(nop5d, 5, 0x1000));
	T_CHECK(elf_x86_uprobe_optimizable(p66x4, 5, 0x1000));
	T_CHECK(elf_x86_uprobe_optimizable(nopw5, 5, 0x1000));
	T_CHECK(!elf_x86_uprobe_optimizable(nop4, 5, 0x1000));
	T_CHECK(!elf_x86_uprobe_optimizable(nop7, 7, 0x1000));
	T_CHECK(!elf_x86_uprobe_optimizable(reg1, 5, 0x1000));
	T_CHECK(!elf_x86_uprobe_optimizable(pause, 5, 0x1000));
	T_CHECK(!elf_x86_uprobe_optimizable(nop6, 6, 0x1000));
}

T_CASE(x86_entry_site)
{
	static const unsigned char cet[] = { 0xf3, 0x0f, 0x1e, 0xfa, 0x0f, 0x1f, 0x44, 0x00, 0x00 };
	static const unsigned char bare[] = { 0x0f, 0x1f, 0x44, 0x00, 0x00, 0x55, 0x48, 0x89, 0xe5 };
	static const unsigned char push[] = { 0xf3, 0x0f, 0x1e, 0xfa, 0x55, 0x48, 0x89, 0xe5, 0x90 };
	T_CHECK(elf_x86_entry_site(cet, sizeof cet, 0x401200) == 4);
	T_CHECK(elf_x86_entry_site(cet, 8, 0x401200) == 0);          /* the nop cut short */
	T_CHECK(elf_x86_entry_site(cet, sizeof cet, 0x401ff8) == 0); /* the nop across a page */
	T_CHECK(elf_x86_entry_site(bare, sizeof bare, 0x401200) == 0);
	T_CHECK(elf_x86_entry_site(push, sizeof push, 0x401200) == 0);
}

/* sdt.h's site: lea -0x80(%rsp),%rsp, then 0..7 bytes of nops, then the nop5 (docs/sdt-sites.md) */
T_CASE(x86_site_rsp_lowered)
{
	static const unsigned char lea[] = { 0x48, 0x8d, 0x64, 0x24, 0x80 };
	static const unsigned char lea_pad2[] = { 0x48, 0x8d, 0x64, 0x24, 0x80, 0x66, 0x90 };
	static const unsigned char lea_pad4[] = { 0x00, 0x48, 0x8d, 0x64, 0x24, 0x80,
						  0x0f, 0x1f, 0x40, 0x00 };
	static const unsigned char lea_int3[] = { 0x48, 0x8d, 0x64, 0x24, 0x80, 0xcc };
	static const unsigned char store[] = { 0x48, 0x89, 0x7c, 0x24, 0xf8 };
	T_CHECK(elf_x86_site_rsp_lowered(lea, sizeof lea));
	T_CHECK(elf_x86_site_rsp_lowered(lea_pad2, sizeof lea_pad2));
	T_CHECK(elf_x86_site_rsp_lowered(lea_pad4, sizeof lea_pad4));
	T_CHECK(!elf_x86_site_rsp_lowered(lea_int3, sizeof lea_int3));
	T_CHECK(!elf_x86_site_rsp_lowered(store, sizeof store));
	T_CHECK(!elf_x86_site_rsp_lowered(lea, 4));
	T_CHECK(!elf_x86_site_rsp_lowered(lea, 0));
}
