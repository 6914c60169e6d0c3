/* pid_prov.h — the pid provider (prov_pid, provider.h): entry, return and instruction probes on
 * any function of a process; pid_prov.c says how descriptions are read. */
#ifndef USDTRACE_PID_PROV_H
#define USDTRACE_PID_PROV_H
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "provider.h"

/* Whether module pattern pat (a probe description's module field) names the object with
 * basename base: a glob match, "a.out" for the executable (is_exe), or the name without its
 * ".so" and version parts ("libc", "libc.so" for "libc.so.6"). */
bool pid_module_match(const char *pat, const char *base, bool is_exe);

/* For the user-space formulas (pid_formula.c), the pid provider's machinery: */
struct elf_funcs;
struct elf_func;
struct elf_insns;
struct proc_object;
struct uprov;
/* the argument locations at a function's entry (usdt_arg.h's syntax: rdi, rsi, ... then the
 * stack above the return address); */
extern const char pid_entry_args[];
/* object o's functions (file fi of u), read on first use, or NULL when it cannot be read; */
struct elf_funcs *pid_file_funcs(struct uprov *u, int fi, const struct proc_object *o);
/* where fn's entry probe goes (past a leading endbr64 onto a nop5 the kernel optimises); */
uint64_t pid_entry_off(const struct elf_funcs *ef, const struct elf_func *fn);
/* whether o is process pid's executable (the module a.out names); */
bool pid_is_executable(pid_t pid, const struct proc_object *o);
/* whether a uprobe at fn + off is one the kernel takes and that harms no red zone (in: fn's
 * decoded instructions, or NULL). */
bool pid_site_ok(const struct elf_funcs *ef, const struct elf_func *fn, uint64_t off,
		 const struct elf_insns *in);
#endif
