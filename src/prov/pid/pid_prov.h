/* pid_prov.h — the pid provider (prov_pid, provider.h): entry, return and instruction probes on
 * any function of a process; pid_prov.c says how descriptions are read. */
#ifndef USDTRACE_PID_PROV_H
#define USDTRACE_PID_PROV_H
#include <stdbool.h>

#include "provider.h"

/* Whether module pattern pat (a probe description's module field) names the object with
 * basename base: a glob match, "a.out" for the executable (is_exe), or the name without its
 * ".so" and version parts ("libc", "libc.so" for "libc.so.6"). */
bool pid_module_match(const char *pat, const char *base, bool is_exe);
#endif
