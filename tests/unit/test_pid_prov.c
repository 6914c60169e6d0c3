/* test_pid_prov.c — the pid provider's matching against a real process (a child of this test
 * that sleeps): which probes a description makes, their sites and argument locations, and
 * dtrace's errors; checked against elf_funcs (itself checked against objdump and readelf in
 * test_elf_funcs) and /proc/PID/maps. No BPF: runs as any user, and under ASan+UBSan. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "elf_funcs.h"
#include "pcat.h"
#include "pid_prov.h"
#include "proc_maps.h"
#include "t.h"
#include "usdt_prov.h"

static pid_t child = -1;

/* A process to describe: this test binary, paused (libc mapped, nothing to race). */
static pid_t target(void)
{
	if (child > 0)
		return child;
	int p[2];
	if (pipe(p) != 0)
		return -1;
	child = fork();
	if (child == 0) {
		close(p[0]);
		if (write(p[1], "x", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	close(p[1]);
	char c;
	if (read(p[0], &c, 1) != 1)
		child = -1;
	close(p[0]);
	return child;
}

/* The path of libc as the child maps it. */
static char *libc_path(pid_t pid)
{
	struct proc_maps *m;
	if (proc_maps_read(pid, &m, NULL, 0) != 0)
		return NULL;
	char *path = NULL;
	for (int i = 0; i < m->nobjs && !path; i++)
		if (strcmp(m->objs[i].module, "libc.so.6") == 0)
			path = strdup(m->objs[i].path);
	proc_maps_free(m);
	return path;
}

/* Match "pidN:mod:func:name" as clause 0; returns the count (or -1) and leaves the catalog. */
static int match(struct pcat *c, pid_t pid, const char *mod, const char *func, const char *name)
{
	char prov[32];
	snprintf(prov, sizeof(prov), "pid%d", (int)pid);
	struct probedesc d = { prov, (char *)mod, (char *)func, (char *)name };
	pcat_init(c, 1);
	return pcat_match(c, &d, 0, 0);
}

T_CASE(module_names)
{
	T_CHECK(pid_module_match("", "libc.so.6", false));
	T_CHECK(pid_module_match("libc.so.6", "libc.so.6", false));
	T_CHECK(pid_module_match("libc", "libc.so.6", false));
	T_CHECK(pid_module_match("libc.so", "libc.so.6", false));
	T_CHECK(pid_module_match("libc*", "libc.so.6", false));
	T_CHECK(pid_module_match("a.out", "prog", true));
	T_CHECK(!pid_module_match("a.out", "libc.so.6", false));
	T_CHECK(!pid_module_match("lib", "libc.so.6", false));
	T_CHECK(!pid_module_match("libc.so.7", "libc.so.6", false));
	T_CHECK(!pid_module_match("libcrypto", "libc.so.6", false));
	T_CHECK(pid_module_match("libstdc++", "libstdc++.so.6.0.30", false));
	T_CHECK(pid_module_match("libstdc++.so.6.0", "libstdc++.so.6.0.30", false));
	T_CHECK(!pid_module_match("libstdc++.so.6.0.3", "libstdc++.so.6.0.30", false));
}

T_CASE(entry_and_return_of_malloc)
{
	pid_t pid = target();
	T_CHECK(pid > 0);
	struct pcat c;
	T_EQ_INT(match(&c, pid, "libc", "malloc", ""), c.up.nprobes);
	/* entry, return, and every instruction but those the kernel refuses */
	char *path = libc_path(pid);
	struct elf_funcs *ef = NULL;
	char err[256];
	T_CHECK(path && elf_funcs_open(path, &ef, err, sizeof(err)) == 0);
	if (ef) {
		size_t pos = 0;
		const struct elf_func *fn = elf_funcs_next_match(ef, "malloc", &pos);
		struct elf_insns in = { 0 };
		T_CHECK(fn && elf_funcs_insn_offsets(ef, fn, &in, err, sizeof(err)) == 0);
		T_CHECK(c.up.nprobes >= 3 && (size_t)c.up.nprobes <= in.n + 2);
		for (int i = 0; i < c.up.nprobes; i++) {
			const struct uprov_probe *p = &c.up.probes[i];
			T_EQ_STR(p->function, "malloc");
			T_CHECK(p->own && p->own->pc_off >= fn->off && p->own->pc_off < fn->off + fn->size);
			T_EQ_INT(p->clauses ? p->clauses[0] : -1, 0);
			if (strcmp(p->name, "entry") == 0) {
				T_CHECK(!p->ret);
				T_EQ_UINT(p->own->pc_off, fn->off);
				T_EQ_INT(p->own->nargs, 10);
				T_EQ_INT(p->own->args[0].reg, USDT_REG_RDI);
				T_EQ_INT(p->own->args[5].reg, USDT_REG_R9);
				T_EQ_INT(p->own->args[6].base, USDT_REG_RSP);
				T_EQ_INT(p->own->args[6].disp, 8);
			} else if (strcmp(p->name, "return") == 0) {
				T_CHECK(p->ret);
				T_EQ_INT(p->own->nargs, 2);
				T_EQ_INT(p->own->args[1].reg, USDT_REG_RAX);
			} else {
				char *end;
				unsigned long long off = strtoull(p->name, &end, 16);
				T_CHECK(*end == '\0' && elf_insns_has(&in, off));
				T_EQ_UINT(p->own->pc_off, fn->off + off);
			}
		}
		elf_insns_free(&in);
		elf_funcs_free(ef);
	}
	free(path);
	pcat_free(&c);
}

T_CASE(probe_made_once)
{
	pid_t pid = target();
	struct pcat c;
	T_EQ_INT(match(&c, pid, "libc.so.6", "malloc", "entry"), 1);
	char prov[32];
	snprintf(prov, sizeof(prov), "pid%d", (int)pid);
	struct probedesc d = { prov, "libc*", "mall*", "entry" };
	T_CHECK(pcat_match(&c, &d, 0, 0) >= 1);
	int n = 0;
	for (int i = 0; i < c.up.nprobes; i++)
		n += strcmp(c.up.probes[i].function, "malloc") == 0;
	T_EQ_INT(n, 1);
	pcat_free(&c);
}

T_CASE(errors)
{
	pid_t pid = target();
	struct pcat c;
	T_EQ_INT(match(&c, pid, "libc.so.6", "malloc", "nope"), -1);
	T_EQ_STR(c.err, "'nope' is an invalid probe name");
	pcat_free(&c);
	T_EQ_INT(match(&c, pid, "libc.so.6", "malloc", "fffff"), -1);
	T_EQ_STR(c.err, "offset 0xfffff outside of function 'malloc'");
	pcat_free(&c);
	T_EQ_INT(match(&c, pid, "libc.so.6", "no_such_function_here", "entry"), -1);
	T_EQ_STR(c.err, "failed to lookup 'no_such_function_here' in module 'libc.so.6'");
	pcat_free(&c);
	T_EQ_INT(match(&c, pid, "libc.so.6", "-", "1000"), -1);
	T_EQ_STR(c.err, "only the a.out module is valid with the '-' function");
	pcat_free(&c);
	T_EQ_INT(match(&c, pid, "libnosuch", "malloc", "entry"), 0);
	pcat_free(&c);
	T_EQ_INT(match(&c, 999999999, "", "malloc", "entry"), -1);
	T_EQ_STR(c.err, "failed to grab process 999999999");
	pcat_free(&c);
	T_EQ_INT(match(&c, getpid(), "", "malloc", "entry"), -1);
	T_CHECK(strstr(c.err, "itself") != NULL);
	pcat_free(&c);
}

/* An offset inside an instruction: the second byte of malloc's first instruction longer
 * than one byte. */
T_CASE(offset_inside_instruction)
{
	pid_t pid = target();
	char *path = libc_path(pid);
	struct elf_funcs *ef = NULL;
	char err[256];
	T_CHECK(path && elf_funcs_open(path, &ef, err, sizeof(err)) == 0);
	if (!ef) {
		free(path);
		return;
	}
	size_t pos = 0;
	const struct elf_func *fn = elf_funcs_next_match(ef, "malloc", &pos);
	struct elf_insns in = { 0 };
	T_CHECK(fn && elf_funcs_insn_offsets(ef, fn, &in, err, sizeof(err)) == 0);
	uint64_t inside = 0;
	for (size_t k = 0; k + 1 < in.n && !inside; k++)
		if (in.offs[k + 1] - in.offs[k] > 1)
			inside = in.offs[k] + 1;
	T_CHECK(inside > 0);
	char name[32], want[96];
	snprintf(name, sizeof(name), "%llx", (unsigned long long)inside);
	snprintf(want, sizeof(want), "offset 0x%llx is not aligned on an instruction",
		 (unsigned long long)inside);
	struct pcat c;
	T_EQ_INT(match(&c, pid, "libc.so.6", "malloc", name), -1);
	T_EQ_STR(c.err, want);
	pcat_free(&c);
	elf_insns_free(&in);
	elf_funcs_free(ef);
	free(path);
}

T_CASE(cleanup)
{
	if (child > 0) {
		kill(child, SIGKILL);
		waitpid(child, NULL, 0);
	}
}

T_MAIN()
