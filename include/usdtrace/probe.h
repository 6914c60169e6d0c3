/* usdtrace/probe.h — probes defined at run time (libusdtrace-probe).
 *
 * A program that decides its probes while it runs (an interpreter, a JIT, a plugin host)
 * creates a provider, adds probes with typed arguments, loads it, and fires the probes. Each
 * load writes a small ELF shared object into a memfd and dlopen()s it: one function per probe
 * whose body is the same probe site as <usdtrace/sdt.h> emits, standard .note.stapsdt notes and
 * a semaphore per probe, so usdtrace, bpftrace, gdb and readelf of /proc/PID/map_files see
 * ordinary USDT probes; usdtrace's type note (.note.usdtrace) carries the declared types, so
 * `usdtrace -l -v` lists them and a string argument is a D `string` in args[].
 * x86-64 only (elsewhere usdtrace_provider_load fails with -ENOTSUP).
 *
 * Errors, as libbpf has them: functions returning int return 0 (or a count) on success and a
 * negative errno on failure; functions returning a pointer return NULL and set errno. Either
 * way usdtrace_probe_errmsg() then gives the calling thread's last message.
 *
 * Threads: every function may be called from any thread. Firing and enabled tests take no lock
 * and may run while other threads add and load probes. Unloading or destroying a provider while
 * another thread is inside a fire of one of its probes is the caller's race (as freeing memory
 * another thread reads): finish those fires first. After a destroy, the handles stay valid to
 * pass (functions then fail with -ENODEV): their small records are never freed.
 * Fork: a child keeps the loaded objects (they are ordinary mappings) and its probes work; the
 * library's lock is taken around fork() so a child never inherits it held. */
#ifndef USDTRACE_PROBE_H
#define USDTRACE_PROBE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define USDTRACE_PROBE_MAX_ARGS 12

/* Argument types. Integers are passed to usdtrace_probe_fire as their own type would be passed
 * to printf (int8..int32 and uint8..uint32 as int or unsigned; 64-bit ones as int64_t or
 * uint64_t: cast literals); strings as const char * (NUL-terminated, read by the tracer);
 * pointers as any pointer. */
enum usdtrace_type {
	USDTRACE_INT8 = 1, USDTRACE_UINT8, USDTRACE_INT16, USDTRACE_UINT16,
	USDTRACE_INT32, USDTRACE_UINT32, USDTRACE_INT64, USDTRACE_UINT64,
	USDTRACE_STRING, USDTRACE_POINTER,
};

struct usdtrace_provider;
struct usdtrace_probe; /* begins with a pointer to its semaphore: see USDTRACE_FIRE */

/* A provider named `name`: a D identifier, not a D keyword, at most 53 characters (DTrace's
 * 63, less room for the pid a tracer appends: "app" is traced as app1234). NULL with errno
 * EINVAL for a bad name, ENOMEM. */
struct usdtrace_provider *usdtrace_provider_new(const char *name);

/* Adds probe `name` with nargs (0..12) arguments of types[0..nargs). The name is a D probe
 * name: letters, digits, '_' and '-' ("request-start"; written "request__start" in the note,
 * as `usdtrace -G` does), starting with a letter or '_', at most 63 characters. Allowed before
 * and after load: a probe added after load joins the provider at its next load (a new object).
 * NULL with errno EINVAL (bad name, type or count: E2BIG for more than 12 arguments), EEXIST
 * (the provider has that probe), ENODEV (destroyed provider), ENOMEM. */
struct usdtrace_probe *usdtrace_probe_add(struct usdtrace_provider *prov, const char *name,
					  int nargs, const enum usdtrace_type *types);

/* Loads the probes added since the last load as one new object (earlier objects stay loaded
 * and their probes keep working). Returns the number of probes loaded; -EALREADY when every
 * probe is loaded already, -ENOENT when the provider has none, -ENODEV after destroy,
 * -ENOTSUP off x86-64, or the errno of memfd_create/write/dlopen (-ELIBBAD for dlopen). */
int usdtrace_provider_load(struct usdtrace_provider *prov);

/* Unloads every object of the provider (dlclose: tracers lose the probes). The probes stay in
 * the provider, unloaded: firing them does nothing, and the next load loads them all again.
 * Returns 0, -ENODEV after destroy. */
int usdtrace_provider_unload(struct usdtrace_provider *prov);

/* Unloads and destroys the provider and its probes. Later calls with its handles fail with
 * -ENODEV (fire included). NULL is ignored; destroying twice is harmless. */
void usdtrace_provider_destroy(struct usdtrace_provider *prov);

/* Fires the probe with its arguments (as many as declared, typed as declared: see above).
 * Returns 0 when fired or when nobody traces it (the semaphore is 0: the cost is one load and a
 * compare) or when it is not loaded; -ENODEV after destroy, -EINVAL for a NULL probe. */
int usdtrace_probe_fire(struct usdtrace_probe *probe, ...);

/* The same with the arguments as an array of nargs 64-bit words (integers sign- or zero-
 * extended, pointers and strings as addresses); for language bindings. */
int usdtrace_probe_fire_array(struct usdtrace_probe *probe, const uint64_t *args);

/* 1 while a tracer has the probe enabled, 0 when not (or not loaded); -ENODEV after destroy. */
int usdtrace_probe_enabled(const struct usdtrace_probe *probe);

/* The probe's semaphore, for the cheapest test in a loop: *sem != 0 while traced (one load and a
 * compare). Valid until the provider is unloaded or destroyed; before load it points to a
 * word that stays 0. NULL with errno ENODEV after destroy. */
const volatile unsigned short *usdtrace_probe_semaphore(const struct usdtrace_probe *probe);

/* The probe's site function (for bindings that call it directly with the arguments in the
 * ABI's places), or NULL when not loaded (errno ENOENT) or destroyed (ENODEV). Valid until the
 * provider is unloaded or destroyed. */
void *usdtrace_probe_function(const struct usdtrace_probe *probe);

/* The path of the object the probe was loaded in (/proc/PID/fd/N of its memfd), for tools that
 * want a file (bpftrace's usdt:PATH:...): written to buf (size len). Returns 0, -ENOENT when
 * not loaded, -ENODEV after destroy, -ERANGE when buf is too small. */
int usdtrace_probe_path(const struct usdtrace_probe *probe, char *buf, size_t len);

/* The calling thread's last error message ("" if none). Valid until its next call here. */
const char *usdtrace_probe_errmsg(void);

/* Fire with the enabled test inlined: the call happens only while traced (or for a destroyed
 * probe, whose semaphore pointer points at a nonzero word so that the call reports -ENODEV).
 * Evaluates to 0 when not traced, else to usdtrace_probe_fire's result. USDTRACE_FIRE(probe, args...) */
#define USDTRACE_FIRE(...) \
	(USDTRACE_PROBE_SEM_(__VA_ARGS__, ~) ? usdtrace_probe_fire(__VA_ARGS__) : 0)
#define USDTRACE_PROBE_SEM_(probe, ...) (*(*(const volatile unsigned short *const *)(probe)))

#ifdef __cplusplus
}
#endif
#endif /* USDTRACE_PROBE_H */
