/* test_fuzz_regress.c — the fuzzers' findings, replayed: every file of
 * tests/fuzz/regress/TARGET/ (and of tests/fuzz/seeds/TARGET/, the small seeds committed, which
 * show the harness itself works) goes through that target's harness (tests/fuzz/fuzz_TARGET.c,
 * included here under another name than libFuzzer's entry), plainly and under ASan+UBSan (the
 * tests-asan build), so a parser bug found by `make fuzz` and fixed stays fixed. A case passes
 * when every input returns; a regression is a crash or a sanitizer report. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "t.h"

#define LLVMFuzzerTestOneInput fuzz_usdt_elf
#include "../fuzz/fuzz_usdt_elf.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_elf_funcs
#include "../fuzz/fuzz_elf_funcs.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_stapsdt
#include "../fuzz/fuzz_stapsdt.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_typenote
#include "../fuzz/fuzz_typenote.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_dof
#include "../fuzz/fuzz_dof.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_symtab
#include "../fuzz/fuzz_symtab.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_usdt_arg
#include "../fuzz/fuzz_usdt_arg.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_dwarf
#include "../fuzz/fuzz_dwarf.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_stash
#define fnv64 fuzz_stash_fnv64
#define decode fuzz_stash_decode
#include "../fuzz/fuzz_stash.c"
#undef fnv64
#undef decode
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_proc_maps
#include "../fuzz/fuzz_proc_maps.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_dprog
#include "../fuzz/fuzz_dprog.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_provfile
#include "../fuzz/fuzz_provfile.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_dopt
#include "../fuzz/fuzz_dopt.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_dfmt
#include "../fuzz/fuzz_dfmt.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_probedesc
#include "../fuzz/fuzz_probedesc.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_cfi
#include "../fuzz/fuzz_cfi.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_debugdata
#include "../fuzz/fuzz_debugdata.c"
#undef LLVMFuzzerTestOneInput

/* Feed every file of tests/fuzz/WHICH/NAME to fn; how many there were (-1: tree not found). The tree is found from
 * this binary's path (build/tests[-asan]/test_fuzz_regress) or $TOP. */
static int replay(const char *which, const char *name, int (*fn)(const uint8_t *, size_t))
{
	char top[4096], dir[4200], path[4500];
	const char *env = getenv("TOP");
	if (env) {
		snprintf(top, sizeof(top), "%s", env);
	} else {
		ssize_t n = readlink("/proc/self/exe", top, sizeof(top) - 1);
		if (n <= 0)
			return -1;
		top[n] = '\0';
		for (int i = 0; i < 3; i++)
			*strrchr(top, '/') = '\0';
	}
	snprintf(dir, sizeof(dir), "%s/tests/fuzz", top);
	if (access(dir, F_OK) != 0)
		return -1;
	snprintf(dir, sizeof(dir), "%s/tests/fuzz/%s/%s", top, which, name);
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int count = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		FILE *f = fopen(path, "rb");
		if (!f)
			continue;
		uint8_t *buf = NULL;
		size_t len = 0, cap = 0, got;
		do {
			if (len == cap) {
				cap = cap ? cap * 2 : 4096;
				buf = realloc(buf, cap);
				if (!buf)
					abort();
			}
			got = fread(buf + len, 1, cap - len, f);
			len += got;
		} while (got);
		fclose(f);
		fn(buf, len);
		free(buf);
		count++;
	}
	closedir(d);
	return count;
}

#define REPLAY(n) T_CASE(n) { \
	T_CHECK(replay("seeds", #n, fuzz_##n) >= 0); \
	T_CHECK(replay("regress", #n, fuzz_##n) >= 0); }
REPLAY(usdt_elf)
REPLAY(elf_funcs)
REPLAY(stapsdt)
REPLAY(typenote)
REPLAY(dof)
REPLAY(symtab)
REPLAY(usdt_arg)
REPLAY(dwarf)
REPLAY(proc_maps)
REPLAY(dprog)
REPLAY(provfile)
REPLAY(dopt)
REPLAY(dfmt)
REPLAY(probedesc)
REPLAY(cfi)
REPLAY(debugdata)
REPLAY(stash)

T_MAIN()
