/* prov_header.h — `usdtrace -h`: the C/C++ header a program includes to fire the probes of a
 * provider file, as dtrace -h writes it.
 *
 * Contract: prov_header_text returns the whole header (malloc'd), or NULL with a message when
 * usdtrace was built without include/usdtrace/sdt.h. For provider `postgresql`, probe
 * `query__start(const char *)` it defines
 *   POSTGRESQL_QUERY_START(arg0)  -> USDT_WITH_SEMAPHORE(postgresql, query__start, (const char *)(arg0))
 *   POSTGRESQL_QUERY_START_ENABLED() -> USDT_ENABLED(postgresql, query__start)
 * and declares the semaphore (USDT_DECLARE_SEMAPHORE) that `usdtrace -G` defines. Each argument
 * is cast to its declared type (D `string` is `char *`). The header embeds the text of sdt.h, so
 * it needs nothing else installed; like dtrace's it does not define the provider file's own
 * types (the program defines them before including it). The include guard is derived from
 * `outname`'s base name ("probes.h" -> USDTRACE_PROBES_H). */
#ifndef USDTRACE_PROV_HEADER_H
#define USDTRACE_PROV_HEADER_H
#include <stdbool.h>
#include <stddef.h>

#include "dparse.h"

/* The text of include/usdtrace/sdt.h at build time ("" if it was absent): build/gen/sdt_text.c. */
extern const char prov_sdt_text[];

char *prov_header_text(const struct dprog *g, const char *outname, const char *script,
		       struct derr *err);
/* `usdtrace -h -x dof`: the header dtrace -h writes, in substance: PROV_PROBE(args) calls
 * `extern void __dtrace_prov___probe(native types)`, PROV_PROBE_ENABLED() passes a zeroed
 * uint32_t to `__dtraceenabled_prov___probe` and yields it; `-G -x dof` rewrites the calls.
 * Never fails. */
char *prov_header_text_dof(const struct dprog *g, const char *outname, const char *script);
/* "__dtrace_prov___probe", or "__dtraceenabled_prov___probe" when enabled. Malloc'd. */
char *prov_dof_func_name(const char *provider, const char *probe, bool enabled);
/* The macro name dtrace -h uses: provider upper-cased, '_', probe with "__" -> "_", upper-cased. */
char *prov_macro_name(const char *provider, const char *probe);
#endif
