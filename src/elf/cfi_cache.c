/* cfi_cache.c — unwind rows kept on disk by build ID (cfi_cache.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cfi_cache.h"
#include "elf_debugfile.h"
#include "util.h"

struct cfi_cache_stats cfi_cache_stats;

#define MAGIC "usdtcfi\n"
#define FORMAT 1u

/* The file: this header, then nrows struct cfi_row. */
struct cache_hdr {
	char magic[8];
	uint32_t format, row_size;
	uint64_t nrows;
	uint64_t objsize, code_end;
	uint32_t idlen, toollen;
	unsigned char id[96];
	unsigned char tool[64];      /* the tracer's build ID (or identity): its parser made them */
	uint64_t sum;                /* checksum() of the rows' bytes */
};

static struct {
	int state;                   /* 0 not looked at, 1 on, -1 off */
	char dir[4096];
	unsigned char tool[64];
	uint32_t toollen;
	uint64_t max_bytes;
	char warning[4400];
} cache;

const char *cfi_cache_warning(void)
{
	static bool said;
	if (said || !cache.warning[0])
		return "";
	said = true;
	return cache.warning;
}

/* mkdir -p of path's components, the last one 0700. */
static void make_dirs(const char *path)
{
	char p[4096];
	snprintf(p, sizeof p, "%s", path);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		mkdir(p, 0755);
		*s = '/';
	}
	mkdir(p, 0700);
}

/* The tracer's own build ID, else its file's identity: rows built by another usdtrace (another
 * parser) are not ours to take. */
static bool tool_id(void)
{
	struct elf_file f;
	char err[200];
	bool ok = false;
	if (elf_file_open(&f, "/proc/self/exe", err, sizeof err) == 0) {
		cache.toollen = (uint32_t)elf_debugfile_build_id(f.elf, cache.tool);
		if (cache.toollen < 8) {
			uint64_t v[4] = { (uint64_t)f.dev, (uint64_t)f.ino, f.size,
					  (uint64_t)f.mtime_sec * 1000000000u + (uint64_t)f.mtime_nsec };
			memcpy(cache.tool, v, sizeof v);
			cache.toollen = sizeof v;
		}
		ok = true;
	}
	elf_file_close(&f);
	return ok;
}

static bool cache_on(void)
{
	if (cache.state)
		return cache.state > 0;
	cache.state = -1;
	const char *env = getenv("USDTRACE_CFI_CACHE");
	if (env && (strcmp(env, "off") == 0 || strcmp(env, "0") == 0 || !env[0]))
		return false;
	const char *dir = env ? env : CFI_CACHE_DIR;
	if (dir[0] != '/' || strlen(dir) >= sizeof cache.dir - 64) {
		snprintf(cache.warning, sizeof cache.warning,
			 "ustack: USDTRACE_CFI_CACHE=%s is not an absolute path: no unwind table cache", dir);
		return false;
	}
	snprintf(cache.dir, sizeof cache.dir, "%s", dir);
	make_dirs(cache.dir);
	struct stat st;
	if (lstat(cache.dir, &st) != 0) {
		/* not root, or a read-only /var: quietly without a cache */
		return false;
	}
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 022)) {
		snprintf(cache.warning, sizeof cache.warning,
			 "ustack: %s is not a directory of ours that only we can write: no unwind table cache",
			 cache.dir);
		return false;
	}
	const char *mb = getenv("USDTRACE_CFI_CACHE_MB");
	char *end;
	unsigned long long v = mb ? strtoull(mb, &end, 10) : CFI_CACHE_MB;
	if (mb && (*end || end == mb || v > (1ull << 30)))
		v = CFI_CACHE_MB;
	cache.max_bytes = (uint64_t)v << 20;
	if (!tool_id())
		return false;
	cache.state = 1;
	return true;
}

static void hex(char *out, const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", b[i]);
}

int cfi_cache_key_of(struct elf_file *f, uint64_t code_end, struct cfi_cache_key *k)
{
	if (!cache_on())
		return -1;
	memset(k, 0, sizeof *k);
	unsigned char id[64];
	size_t n = elf_debugfile_build_id(f->elf, id);
	k->size = f->size;
	k->code_end = code_end;
	/* entries are per build of the tracer (a newer parser may make other rows): its ID's first
	 * bytes in the name, so two builds used in turn do not throw out each other's */
	char h[2 * 64 + 1], tool[17];
	hex(tool, cache.tool, 8);
	if (n >= 8) {
		hex(h, id, n);
		snprintf(k->name, sizeof k->name, "%s-b-%s-%" PRIu64 ".cfi", tool, h, f->size);
		memcpy(k->id, id, n);
		k->idlen = (uint32_t)n;
	} else {
		if (f->dev == 0 && f->ino == 0)
			return -1;   /* a memory image: nothing names it */
		uint64_t v[5] = { (uint64_t)f->dev, (uint64_t)f->ino, f->size, (uint64_t)f->mtime_sec,
				  (uint64_t)f->mtime_nsec };
		snprintf(k->name, sizeof k->name, "%s-i-%" PRIx64 "-%" PRIu64 "-%" PRIu64 "-%" PRIu64 ".%09" PRIu64 ".cfi",
			 tool, v[0], v[1], v[2], v[3], v[4]);
		memcpy(k->id, v, sizeof v);
		k->idlen = sizeof v;
	}
	return 0;
}

/* FNV-1a over 64-bit words (rows are 16 bytes each): a check against truncation and damage,
 * not against a forger (the row checks below are what stand against those). */
static uint64_t checksum(const void *p, size_t n)
{
	const unsigned char *b = p;
	uint64_t h = 0xcbf29ce484222325ull;
	for (size_t i = 0; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, b + i, 8);
		h = (h ^ w) * 0x100000001b3ull;
		h ^= h >> 29;
	}
	return h ^ n;
}

/* Whether rows could be an object's compacted rows (cfi.h) ending at or below code_end. */
static bool rows_well_formed(const struct cfi_row *r, size_t n, uint64_t code_end)
{
	for (size_t i = 0; i < n; i++) {
		if (r[i].cfa > CFI_CFA_EXPR || r[i].rbp > CFI_RBP_LOST || r[i].pad != 0 ||
		    r[i].pc > code_end || (i > 0 && r[i].pc <= r[i - 1].pc))
			return false;
	}
	return true;
}

static void reject(const char *name)
{
	char p[4400];
	snprintf(p, sizeof p, "%s/%s", cache.dir, name);
	unlink(p);
	__atomic_fetch_add(&cfi_cache_stats.rejected, 1, __ATOMIC_RELAXED);
}

int cfi_cache_open(const struct cfi_cache_key *k, size_t max_rows, struct cfi_cache_entry *e)
{
	e->fd = -1;
	e->n = 0;
	if (!cache_on())
		return -1;
	char p[4400];
	snprintf(p, sizeof p, "%s/%s", cache.dir, k->name);
	int fd = open(p, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		if (errno == ELOOP)
			reject(k->name);   /* a symbolic link where an entry should be */
		else
			__atomic_fetch_add(&cfi_cache_stats.misses, 1, __ATOMIC_RELAXED);
		return -1;
	}
	struct stat st;
	struct cache_hdr h;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 022) || (uint64_t)st.st_size < sizeof h ||
	    pread(fd, &h, sizeof h, 0) != (ssize_t)sizeof h ||
	    memcmp(h.magic, MAGIC, 8) != 0 || h.format != FORMAT ||
	    h.row_size != sizeof(struct cfi_row) || h.nrows > max_rows || h.objsize != k->size ||
	    h.code_end != k->code_end || h.idlen != k->idlen || memcmp(h.id, k->id, k->idlen) != 0 ||
	    h.toollen != cache.toollen || memcmp(h.tool, cache.tool, cache.toollen) != 0 ||
	    (uint64_t)st.st_size != sizeof h + h.nrows * sizeof(struct cfi_row)) {
		close(fd);
		reject(k->name);
		return -1;
	}
	e->fd = fd;
	e->n = (size_t)h.nrows;
	e->sum = h.sum;
	return 0;
}

int cfi_cache_read(const struct cfi_cache_key *k, struct cfi_cache_entry *e, struct cfi_row *dst)
{
	size_t bytes = e->n * sizeof *dst;
	bool ok = e->fd >= 0 && (bytes == 0 || pread(e->fd, dst, bytes, sizeof(struct cache_hdr)) ==
							(ssize_t)bytes);
	ok = ok && checksum(dst, bytes) == e->sum && rows_well_formed(dst, e->n, k->code_end);
	if (ok)
		futimens(e->fd, NULL);   /* used now: evicted last */
	cfi_cache_close(e);
	if (!ok) {
		reject(k->name);
		return -1;
	}
	__atomic_fetch_add(&cfi_cache_stats.hits, 1, __ATOMIC_RELAXED);
	return 0;
}

void cfi_cache_close(struct cfi_cache_entry *e)
{
	if (e->fd >= 0)
		close(e->fd);
	e->fd = -1;
}

struct entry {
	char name[256];
	uint64_t bytes;
	int64_t mtime_sec, mtime_nsec;
};

static int cmp_age(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	if (x->mtime_sec != y->mtime_sec)
		return x->mtime_sec < y->mtime_sec ? -1 : 1;
	return x->mtime_nsec < y->mtime_nsec ? -1 : x->mtime_nsec > y->mtime_nsec;
}

/* The directory's entries kept within cache.max_bytes, the least recently used removed first;
 * temporary files of writers that died (older than an hour) removed too. */
static void bound_size(void)
{
	DIR *d = opendir(cache.dir);
	if (!d)
		return;
	int dfd = dirfd(d);
	struct entry *e = NULL;
	size_t n = 0, cap = 0;
	uint64_t total = 0;
	time_t now = time(NULL);
	for (struct dirent *de; (de = readdir(d));) {
		struct stat st;
		size_t l = strlen(de->d_name);
		bool tmp = strncmp(de->d_name, "tmp.", 4) == 0;
		if ((!tmp && (l < 5 || strcmp(de->d_name + l - 4, ".cfi") != 0)) || l >= sizeof e->name ||
		    fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (tmp) {
			if (now - st.st_mtim.tv_sec > 3600)
				unlinkat(dfd, de->d_name, 0);
			continue;
		}
		xgrow(&e, sizeof *e, &cap, n + 1);
		memcpy(e[n].name, de->d_name, l + 1);
		e[n].bytes = (uint64_t)st.st_size;
		e[n].mtime_sec = st.st_mtim.tv_sec;
		e[n].mtime_nsec = st.st_mtim.tv_nsec;
		total += e[n].bytes;
		n++;
	}
	if (total > cache.max_bytes) {
		qsort(e, n, sizeof *e, cmp_age);
		for (size_t i = 0; i < n && total > cache.max_bytes; i++) {
			if (unlinkat(dfd, e[i].name, 0) == 0) {
				total -= e[i].bytes;
				__atomic_fetch_add(&cfi_cache_stats.evicted, 1, __ATOMIC_RELAXED);
			}
		}
	}
	free(e);
	closedir(d);
}

void cfi_cache_store(const struct cfi_cache_key *k, const struct cfi_row *rows, size_t n)
{
	if (!cache_on() || !rows_well_formed(rows, n, k->code_end))
		return;
	struct cache_hdr h;
	memset(&h, 0, sizeof h);
	memcpy(h.magic, MAGIC, 8);
	h.format = FORMAT;
	h.row_size = sizeof *rows;
	h.nrows = n;
	h.objsize = k->size;
	h.code_end = k->code_end;
	h.idlen = k->idlen;
	memcpy(h.id, k->id, k->idlen);
	h.toollen = cache.toollen;
	memcpy(h.tool, cache.tool, cache.toollen);
	h.sum = checksum(rows, n * sizeof *rows);
	if (sizeof h + n * sizeof *rows > cache.max_bytes)
		return;   /* would only push everything else out */
	char tmp[4400], final[4400];
	snprintf(tmp, sizeof tmp, "%s/tmp.XXXXXX", cache.dir);
	snprintf(final, sizeof final, "%s/%s", cache.dir, k->name);
	int fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return;
	bool ok = fchmod(fd, 0600) == 0 && write(fd, &h, sizeof h) == (ssize_t)sizeof h;
	size_t bytes = n * sizeof *rows;
	if (ok && bytes)
		ok = write(fd, rows, bytes) == (ssize_t)bytes;
	if (close(fd) != 0)
		ok = false;
	if (!ok || rename(tmp, final) != 0) {
		unlink(tmp);
		return;
	}
	__atomic_fetch_add(&cfi_cache_stats.stored, 1, __ATOMIC_RELAXED);
	bound_size();
}
