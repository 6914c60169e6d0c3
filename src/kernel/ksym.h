/* ksym.h — the kernel's symbols (/proc/kallsyms), for stack(), sym(), func(), mod() and
 * backquoted kernel symbols.
 *
 * Contract: the table is read once, on first use (about 120k lines: tens of milliseconds, so
 * only programs that symbolize kernel addresses pay it). Function symbols (text: t, T, w, W)
 * only for address lookups; every symbol for name lookups. Modules: "vmlinux", or the name
 * kallsyms gives in brackets. Lookups fail (false, 0) when kallsyms cannot be read or shows
 * no addresses (kptr_restrict without privilege). Strings live until the process exits. */
#ifndef USDTRACE_KSYM_H
#define USDTRACE_KSYM_H
#include <stdbool.h>
#include <stdint.h>

struct ksym_res {
	const char *module;
	const char *func;     /* NULL: no function covers the address */
	uint64_t func_addr;
	uint64_t mod_base;    /* the module's lowest function address */
};

/* The function containing kernel address addr; false past the highest symbol (whose end is
 * unknown) unless addr is that symbol's own address. Of functions starting at one address it
 * names the one dtrace names: non-weak before weak, then the greatest name (strcmp). */
bool ksym_lookup(uint64_t addr, struct ksym_res *out);
/* The address of symbol name (the first of that name), or 0. */
uint64_t ksym_addr(const char *name);
/* The bytes function `name` spans: [*lo, *hi), hi the next symbol's address. false when the
 * kernel has no such function. */
bool ksym_func_range(const char *name, uint64_t *lo, uint64_t *hi);
#endif
