/* cfi_need.c — the rows objects will take, before they are read (cfi_need.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "cfi_cache.h"
#include "cfi_elf.h"
#include "cfi_need.h"
#include "util.h"

size_t cfi_need_object(struct elf_file *f, bool *exact)
{
	*exact = false;
	uint64_t end;
	int nload;
	char err[160];
	if (cfi_elf_loads(f, NULL, 0, &nload, &end, err, sizeof err) != 0)
		return 0;
	struct cfi_cache_key key;
	struct cfi_cache_entry ce;
	if (cfi_cache_key_of(f, end, &key) == 0 && cfi_cache_open(&key, SIZE_MAX, &ce) == 0) {
		size_t n = ce.n;
		cfi_cache_close(&ce);
		*exact = true;
		return n;
	}
	return (size_t)(cfi_elf_bytes(f) / CFI_NEED_BYTES_HI);
}

size_t cfi_need_low(struct elf_file *f)
{
	return (size_t)(cfi_elf_bytes(f) / CFI_NEED_BYTES_LO);
}

static bool seen_add(struct cfi_need_seen *s, dev_t dev, ino_t ino)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].dev == dev && s->v[i].ino == ino)
			return false;
	xgrow(&s->v, sizeof *s->v, &s->cap, s->n + 1);
	s->v[s->n].dev = dev;
	s->v[s->n].ino = ino;
	s->n++;
	return true;
}

size_t cfi_need_proc(pid_t pid, struct cfi_need_seen *seen, size_t *exact)
{
	char path[64];
	size_t need = 0;
	*exact = 0;
	snprintf(path, sizeof path, "/proc/%d/maps", (int)pid);
	FILE *fp = fopen(path, "re");
	if (!fp)
		return 0;
	char *line = NULL;
	size_t cap = 0;
	while (getline(&line, &cap, fp) > 0) {
		uint64_t start, end, off, ino;
		char perms[8];
		unsigned maj, min;
		int n = 0;
		if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %7s %" SCNx64 " %x:%x %" SCNu64 " %n", &start,
			   &end, perms, &off, &maj, &min, &ino, &n) < 7 || perms[2] != 'x' || end <= start ||
		    ino == 0 || line[n] != '/')
			continue;
		if (!seen_add(seen, makedev(maj, min), (ino_t)ino))
			continue;
		/* the mapping itself (right when the file was replaced); the process's root
		 * otherwise, as cfi_db_proc opens it */
		char mpath[4200];
		snprintf(mpath, sizeof mpath, "/proc/%d/map_files/%" PRIx64 "-%" PRIx64, (int)pid, start,
			 end);
		if (access(mpath, R_OK) != 0) {
			char *file = line + n;
			file[strcspn(file, "\n")] = '\0';
			snprintf(mpath, sizeof mpath, "/proc/%d/root%s", (int)pid, file);
		}
		struct elf_file f;
		char err[160];
		if (elf_file_open(&f, mpath, err, sizeof err) == 0) {
			bool ex;
			size_t k = cfi_need_object(&f, &ex);
			need += k;
			if (ex)
				*exact += k;
		}
		elf_file_close(&f);
	}
	free(line);
	fclose(fp);
	return need;
}

void cfi_need_seen_free(struct cfi_need_seen *seen)
{
	free(seen->v);
	memset(seen, 0, sizeof *seen);
}
