/* probe.c — libusdtrace-probe: providers and probes defined at run time (usdtrace/probe.h).
 *
 * One lock (probe_lock) serialises every change to providers; firing takes none. A probe's
 * `sem` pointer is what firing reads: it points at a static zero word until the probe is loaded,
 * at its semaphore in the loaded object while loaded, and at a static nonzero word once the
 * probe is destroyed, so that the fast path ("load, compare, return") falls through to the slow
 * path only when traced or destroyed, and the slow path tells the two apart. Records of
 * destroyed providers and probes are never freed: a stale handle stays safe to pass. */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dkeywords.h"
#include "probe_elf.h"
#include "probe_reg.h"
#include "usdtrace/probe.h"

#define PROV_NAME_MAX 53
#define PROBE_NAME_MAX 63
#define LIVE_MAGIC 0x50524f42u /* "PROB" */
#define DEAD_MAGIC 0xdeadbeefu

/* A loaded object: its memfd (kept open: /proc/PID/fd/N names it for tools) and dlopen handle. */
struct batch {
	int fd;
	void *handle;
	struct batch *next;
};

struct usdtrace_probe {
	const volatile unsigned short *sem; /* first: USDTRACE_FIRE reads it through the handle */
	void (*fn)(void);                   /* the site function while loaded */
	uint32_t magic;
	int nargs;
	unsigned char types[USDTRACE_PROBE_MAX_ARGS];
	struct usdtrace_provider *prov;
	struct batch *batch;                /* the object it is loaded in, or NULL */
	char *name;                         /* the note's spelling: '-' written "__" */
	struct usdtrace_probe *next;
};

struct usdtrace_provider {
	uint32_t magic;
	char *name;
	struct usdtrace_probe *probes, **tail;
	struct batch *batches;
};

static const volatile unsigned short unloaded_word = 0;
static const volatile unsigned short dead_word = 1;
static pthread_mutex_t probe_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t atfork_once = PTHREAD_ONCE_INIT;
static __thread char errmsg[256];

const char *usdtrace_probe_errmsg(void)
{
	return errmsg;
}

/* Records the message and returns -err. */
static int fail(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(int err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(errmsg, sizeof(errmsg), fmt, ap);
	va_end(ap);
	return -err;
}

/* A child must not inherit the lock held by a thread that does not exist in it. */
static void fork_prepare(void) { pthread_mutex_lock(&probe_lock); }
static void fork_after(void) { pthread_mutex_unlock(&probe_lock); }
static void register_atfork(void)
{
	pthread_atfork(fork_prepare, fork_after, fork_after);
}

static void lock(void)
{
	pthread_once(&atfork_once, register_atfork);
	pthread_mutex_lock(&probe_lock);
}

static void unlock(void)
{
	pthread_mutex_unlock(&probe_lock);
}

/* ---- names --------------------------------------------------------------------------------
 * What a D provider definition accepts: identifiers that are not D keywords (the lexer's
 * list, src/front/dkeywords.h). A probe name may also be written with '-' as a tracer shows
 * it. */
static const char *const d_keywords[] = { D_KEYWORDS };

static bool is_keyword(const char *s)
{
	for (size_t i = 0; i < sizeof(d_keywords) / sizeof(d_keywords[0]); i++)
		if (strcmp(d_keywords[i], s) == 0)
			return true;
	return false;
}

static bool ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool ident_char(char c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

/* Why `name` is not a provider name, or NULL when it is one. */
static const char *bad_provider_name(const char *name)
{
	if (!*name)
		return "is empty";
	if (!ident_start(name[0]))
		return "does not begin with a letter or '_'";
	for (const char *s = name; *s; s++)
		if (!ident_char(*s))
			return "has a character other than letters, digits and '_'";
	if (strlen(name) > PROV_NAME_MAX)
		return "is longer than 53 characters";
	if (is_keyword(name))
		return "is a D reserved word";
	return NULL;
}

/* The note's spelling of probe name `name` ('-' as "__"), or NULL with *why set. */
static char *probe_note_name(const char *name, const char **why)
{
	size_t len = strlen(name);
	*why = NULL;
	if (!len)
		*why = "is empty";
	else if (!ident_start(name[0]))
		*why = "does not begin with a letter or '_'";
	else if (len > PROBE_NAME_MAX)
		*why = "is longer than 63 characters";
	else if (name[len - 1] == '-' || strstr(name, "--"))
		*why = "ends with '-' or has '--'";
	for (const char *s = name; !*why && *s; s++)
		if (!ident_char(*s) && *s != '-')
			*why = "has a character other than letters, digits, '_' and '-'";
	if (*why)
		return NULL;
	char *out = malloc(2 * len + 1), *o = out;
	if (!out) {
		*why = "cannot be copied: out of memory";
		return NULL;
	}
	for (const char *s = name; *s; s++) {
		*o++ = *s == '-' ? '_' : *s;
		if (*s == '-')
			*o++ = '_';
	}
	*o = '\0';
	if (is_keyword(out)) {
		free(out);
		*why = "is a D reserved word";
		return NULL;
	}
	return out;
}

/* ---- providers and probes ---------------------------------------------------------------- */

struct usdtrace_provider *usdtrace_provider_new(const char *name)
{
	const char *why = name ? bad_provider_name(name) : "is NULL";
	if (why) {
		errno = -fail(EINVAL, "provider name '%s' %s", name ? name : "", why);
		return NULL;
	}
	struct usdtrace_provider *p = calloc(1, sizeof(*p));
	if (!p || !(p->name = strdup(name))) {
		free(p);
		errno = -fail(ENOMEM, "out of memory");
		return NULL;
	}
	p->magic = LIVE_MAGIC;
	p->tail = &p->probes;
	return p;
}

static int check_provider(const struct usdtrace_provider *p, const char *what)
{
	if (!p)
		return fail(EINVAL, "%s: NULL provider", what);
	if (p->magic != LIVE_MAGIC)
		return fail(ENODEV, "%s: the provider was destroyed", what);
	return 0;
}

struct usdtrace_probe *usdtrace_probe_add(struct usdtrace_provider *prov, const char *name,
					  int nargs, const enum usdtrace_type *types)
{
	int err = 0;
	const char *why;
	char *nn = NULL;
	struct usdtrace_probe *pr = NULL;
	lock();
	if ((err = check_provider(prov, "usdtrace_probe_add")) < 0)
		goto out;
	if (!name || !(nn = probe_note_name(name, &why))) {
		err = fail(EINVAL, "probe name '%s' of provider '%s' %s", name ? name : "",
			   prov->name, name ? why : "is NULL");
		goto out;
	}
	if (nargs < 0 || nargs > USDTRACE_PROBE_MAX_ARGS) {
		err = fail(nargs < 0 ? EINVAL : E2BIG, "probe '%s' of provider '%s': %d arguments "
			   "(a probe has 0 to %d)", name, prov->name, nargs, USDTRACE_PROBE_MAX_ARGS);
		goto out;
	}
	if (nargs && !types) {
		err = fail(EINVAL, "probe '%s' of provider '%s': no argument types", name, prov->name);
		goto out;
	}
	for (int k = 0; k < nargs; k++)
		if (!probe_elf_type_name((int)types[k])) {
			err = fail(EINVAL, "probe '%s' of provider '%s': argument %d has unknown type %d",
				   name, prov->name, k, (int)types[k]);
			goto out;
		}
	for (struct usdtrace_probe *q = prov->probes; q; q = q->next)
		if (strcmp(q->name, nn) == 0) {
			err = fail(EEXIST, "provider '%s' already has probe '%s'", prov->name, name);
			goto out;
		}
	pr = calloc(1, sizeof(*pr));
	if (!pr) {
		err = fail(ENOMEM, "out of memory");
		goto out;
	}
	pr->sem = &unloaded_word;
	pr->magic = LIVE_MAGIC;
	pr->nargs = nargs;
	for (int k = 0; k < nargs; k++)
		pr->types[k] = (unsigned char)types[k];
	pr->prov = prov;
	pr->name = nn;
	nn = NULL;
	*prov->tail = pr;
	prov->tail = &pr->next;
out:
	unlock();
	free(nn);
	if (err)
		errno = -err;
	return pr;
}

/* dlopen()s the image through its memfd. Returns 0 with *b filled, or -errno. */
static int load_image(const char *provname, const unsigned char *img, size_t size,
		      struct batch *b, uintptr_t *bias)
{
	char memname[80], path[64];
	snprintf(memname, sizeof(memname), "usdtrace-%s", provname);
	/* MFD_EXEC (Linux 6.3+) says outright that the memfd is to be mapped executable, for
	 * systems whose vm.memfd_noexec default would refuse it; older kernels reject the flag. */
#ifndef MFD_EXEC
# define MFD_EXEC 0x0010U
#endif
	int fd = memfd_create(memname, MFD_CLOEXEC | MFD_EXEC);
	if (fd < 0 && errno == EINVAL)
		fd = memfd_create(memname, MFD_CLOEXEC);
	if (fd < 0)
		return fail(errno, "provider '%s': memfd_create: %s", provname, strerror(errno));
	for (size_t off = 0; off < size;) {
		ssize_t w = write(fd, img + off, size - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			int e = w < 0 ? errno : EIO;
			close(fd);
			return fail(e, "provider '%s': writing its object: %s", provname, strerror(e));
		}
		off += (size_t)w;
	}
	/* The object's name in the link map is what debuggers open: /proc/self/fd/N would name
	 * the debugger's own descriptor N (gdb -p blocked reading its terminal), so the name
	 * carries this process's pid. */
	snprintf(path, sizeof(path), "/proc/%d/fd/%d", (int)getpid(), fd);
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		const char *e = dlerror();
		close(fd);
		return fail(ELIBBAD, "provider '%s': dlopen of its object failed: %s", provname,
			    e ? e : "unknown error");
	}
	struct link_map *lm = NULL;
	if (dlinfo(h, RTLD_DI_LINKMAP, &lm) != 0 || !lm) {
		dlclose(h);
		close(fd);
		return fail(ELIBBAD, "provider '%s': dlinfo of its object failed", provname);
	}
	b->fd = fd;
	b->handle = h;
	*bias = (uintptr_t)lm->l_addr;
	return 0;
}

int usdtrace_provider_load(struct usdtrace_provider *prov)
{
	int err, n = 0, nall = 0;
	struct probe_elf_probe *ep = NULL;
	struct usdtrace_probe **which = NULL;
	unsigned char *img = NULL;
	struct batch *b = NULL;
	lock();
	if ((err = check_provider(prov, "usdtrace_provider_load")) < 0)
		goto out;
#if !defined(__x86_64__)
	err = fail(ENOTSUP, "provider '%s': runtime probes are built for x86-64 only", prov->name);
	goto out;
#endif
	for (struct usdtrace_probe *q = prov->probes; q; q = q->next) {
		nall++;
		n += q->batch == NULL;
	}
	if (nall == 0) {
		err = fail(ENOENT, "provider '%s' has no probes to load", prov->name);
		goto out;
	}
	if (n == 0) {
		err = fail(EALREADY, "provider '%s' is already loaded: add probes before loading "
			   "again", prov->name);
		goto out;
	}
	ep = calloc((size_t)n, sizeof(*ep));
	which = calloc((size_t)n, sizeof(*which));
	b = calloc(1, sizeof(*b));
	if (!ep || !which || !b) {
		err = fail(ENOMEM, "out of memory");
		goto out;
	}
	int i = 0;
	for (struct usdtrace_probe *q = prov->probes; q; q = q->next)
		if (!q->batch) {
			which[i] = q;
			ep[i++] = (struct probe_elf_probe){ .name = q->name, .nargs = q->nargs,
							    .types = q->types };
		}
	size_t size;
	img = probe_elf_build(prov->name, ep, n, &size);
	if (!img) {
		err = fail(ENOMEM, "out of memory");
		goto out;
	}
	uintptr_t bias = 0;
	if ((err = load_image(prov->name, img, size, b, &bias)) < 0)
		goto out;
	for (i = 0; i < n; i++) {
		which[i]->batch = b;
		which[i]->fn = (void (*)(void))(bias + ep[i].fn_vaddr);
		/* published last: a thread that sees the semaphore sees the function too */
		__atomic_store_n(&which[i]->sem,
				 (const volatile unsigned short *)(bias + ep[i].sem_vaddr),
				 __ATOMIC_RELEASE);
	}
	b->next = prov->batches;
	prov->batches = b;
	/* a live usdtraced records the finished mapping now (best effort; see probe_reg.h) */
	probe_reg_register(b->fd);
	b = NULL;
	err = n;
out:
	unlock();
	free(ep);
	free(which);
	free(img);
	free(b);
	return err;
}

/* Called locked: every probe back to unloaded, every object closed (a live usdtraced told to
 * read the process's maps again). */
static void unload_locked(struct usdtrace_provider *prov)
{
	bool closed = prov->batches != NULL;
	for (struct usdtrace_probe *q = prov->probes; q; q = q->next) {
		__atomic_store_n(&q->sem, &unloaded_word, __ATOMIC_RELEASE);
		q->fn = NULL;
		q->batch = NULL;
	}
	while (prov->batches) {
		struct batch *b = prov->batches;
		prov->batches = b->next;
		dlclose(b->handle);
		close(b->fd);
		free(b);
	}
	if (closed)
		probe_reg_update();
}

int usdtrace_provider_unload(struct usdtrace_provider *prov)
{
	lock();
	int err = check_provider(prov, "usdtrace_provider_unload");
	if (err == 0)
		unload_locked(prov);
	unlock();
	return err;
}

void usdtrace_provider_destroy(struct usdtrace_provider *prov)
{
	if (!prov)
		return;
	lock();
	if (prov->magic == LIVE_MAGIC) {
		unload_locked(prov);
		for (struct usdtrace_probe *q = prov->probes; q; q = q->next) {
			__atomic_store_n(&q->sem, &dead_word, __ATOMIC_RELEASE);
			q->magic = DEAD_MAGIC;
			free(q->name);
			q->name = NULL;
		}
		prov->magic = DEAD_MAGIC;
		free(prov->name);
		prov->name = NULL;
	}
	unlock();
}

/* ---- firing ------------------------------------------------------------------------------ */

typedef void (*site12_fn)(uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t,
			  uint64_t, uint64_t, uint64_t, uint64_t, uint64_t);

static int check_probe(const struct usdtrace_probe *p, const char *what)
{
	if (!p)
		return fail(EINVAL, "%s: NULL probe", what);
	if (p->magic != LIVE_MAGIC)
		return fail(ENODEV, "%s: the probe's provider was destroyed", what);
	return 0;
}

/* Calls the site with every argument in its ABI place. Passing all twelve is harmless: the
 * caller owns the stack words, and the site reads only those its note names. */
static int fire_words(const struct usdtrace_probe *p, const uint64_t *a)
{
	void (*fn)(void) = p->fn;
	if (!fn)
		return 0; /* unloaded meanwhile */
	((site12_fn)(void *)fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10],
				a[11]);
	return 0;
}

/* The slow path: traced, or destroyed (dead_word). */
static int __attribute__((noinline)) fire_slow(struct usdtrace_probe *p, va_list ap)
{
	int err = check_probe(p, "usdtrace_probe_fire");
	if (err < 0)
		return err;
	uint64_t a[USDTRACE_PROBE_MAX_ARGS] = { 0 };
	for (int k = 0; k < p->nargs; k++) {
		switch (p->types[k]) {
		case USDTRACE_INT8: a[k] = (uint64_t)(int64_t)(int8_t)va_arg(ap, int); break;
		case USDTRACE_UINT8: a[k] = (uint8_t)va_arg(ap, unsigned); break;
		case USDTRACE_INT16: a[k] = (uint64_t)(int64_t)(int16_t)va_arg(ap, int); break;
		case USDTRACE_UINT16: a[k] = (uint16_t)va_arg(ap, unsigned); break;
		case USDTRACE_INT32: a[k] = (uint64_t)(int64_t)va_arg(ap, int32_t); break;
		case USDTRACE_UINT32: a[k] = va_arg(ap, uint32_t); break;
		case USDTRACE_INT64: case USDTRACE_UINT64: a[k] = va_arg(ap, uint64_t); break;
		default: a[k] = (uintptr_t)va_arg(ap, const void *); break;
		}
	}
	return fire_words(p, a);
}

int usdtrace_probe_fire(struct usdtrace_probe *p, ...)
{
	if (__builtin_expect(p != NULL, 1) && __builtin_expect(*p->sem == 0, 1))
		return 0;
	if (!p)
		return fail(EINVAL, "usdtrace_probe_fire: NULL probe");
	va_list ap;
	va_start(ap, p);
	int r = fire_slow(p, ap);
	va_end(ap);
	return r;
}

int usdtrace_probe_fire_array(struct usdtrace_probe *p, const uint64_t *args)
{
	int err = check_probe(p, "usdtrace_probe_fire_array");
	if (err < 0)
		return err;
	if (*p->sem == 0)
		return 0;
	uint64_t a[USDTRACE_PROBE_MAX_ARGS] = { 0 };
	if (p->nargs && !args)
		return fail(EINVAL, "usdtrace_probe_fire_array: NULL arguments");
	memcpy(a, args, sizeof(*a) * (size_t)p->nargs);
	return fire_words(p, a);
}

int usdtrace_probe_enabled(const struct usdtrace_probe *p)
{
	int err = check_probe(p, "usdtrace_probe_enabled");
	return err < 0 ? err : *p->sem != 0;
}

const volatile unsigned short *usdtrace_probe_semaphore(const struct usdtrace_probe *p)
{
	int err = check_probe(p, "usdtrace_probe_semaphore");
	if (err < 0) {
		errno = -err;
		return NULL;
	}
	return p->sem;
}

void *usdtrace_probe_function(const struct usdtrace_probe *p)
{
	int err = check_probe(p, "usdtrace_probe_function");
	if (err == 0 && !p->fn)
		err = fail(ENOENT, "usdtrace_probe_function: probe '%s' is not loaded", p->name);
	if (err < 0) {
		errno = -err;
		return NULL;
	}
	return (void *)p->fn;
}

int usdtrace_probe_path(const struct usdtrace_probe *p, char *buf, size_t len)
{
	lock();
	int err = check_probe(p, "usdtrace_probe_path");
	if (err == 0 && !p->batch)
		err = fail(ENOENT, "usdtrace_probe_path: probe '%s' is not loaded", p->name);
	if (err == 0 && (size_t)snprintf(buf, len, "/proc/%d/fd/%d", (int)getpid(),
					 p->batch->fd) >= len)
		err = fail(ERANGE, "usdtrace_probe_path: buffer too small");
	unlock();
	return err;
}
