/* cfi_elf.c — an ELF object's unwind rows (cfi_elf.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfi_elf.h"
#include "util.h"

/* The bytes of section scn (decompressed when SHF_COMPRESSED); NULL when unreadable. */
static Elf_Data *section_bytes(Elf_Scn *scn, const GElf_Shdr *sh)
{
	if (sh->sh_type == SHT_NOBITS)
		return NULL;
	if ((sh->sh_flags & SHF_COMPRESSED) && elf_compress(scn, 0, 0) < 0)
		return NULL;
	Elf_Data *d = elf_getdata(scn, NULL);
	return d && d->d_buf && d->d_size > 0 ? d : NULL;
}

/* elf's .eh_frame and .debug_frame sections (NULL: none); -1 for bad section headers. */
static int find_sections(Elf *elf, Elf_Scn **eh, GElf_Shdr *eh_sh, Elf_Scn **dbg, GElf_Shdr *dbg_sh)
{
	size_t shstrndx;
	*eh = *dbg = NULL;
	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return -1;
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			return -1;
		const char *name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name)
			continue;
		if (strcmp(name, ".eh_frame") == 0 && !*eh) {
			*eh = scn;
			*eh_sh = sh;
		} else if (strcmp(name, ".debug_frame") == 0 && !*dbg) {
			*dbg = scn;
			*dbg_sh = sh;
		}
	}
	return 0;
}

static int cmp_range(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;
	return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* rows->fdes sorted and merged into disjoint ranges: rows->skip for the next section. The
 * caller frees the returned array. */
static uint64_t (*covered(struct cfi_rows *rows))[2]
{
	size_t n = rows->nfdes, k = 0;
	uint64_t (*r)[2] = xcalloc(n ? n : 1, sizeof *r);
	memcpy(r, rows->fdes, n * sizeof *r);
	qsort(r, n, sizeof *r, cmp_range);
	for (size_t i = 0; i < n; i++) {
		if (k && r[i][0] <= r[k - 1][1]) {
			if (r[i][1] > r[k - 1][1])
				r[k - 1][1] = r[i][1];
		} else {
			r[k][0] = r[i][0];
			r[k][1] = r[i][1];
			k++;
		}
	}
	rows->skip = (const uint64_t (*)[2])r;
	rows->nskip = k;
	return r;
}

/* One section's entries appended to rows; the FDEs inside rows->skip are left out. */
static void parse_section(Elf_Scn *scn, const GElf_Shdr *sh, enum cfi_section kind,
			  struct cfi_rows *rows, struct cfi_stats *st)
{
	Elf_Data *d = section_bytes(scn, sh);
	if (!d)
		return;
	char perr[160];
	if (cfi_parse(d->d_buf, d->d_size, kind == CFI_EH_FRAME ? sh->sh_addr : 0, kind, rows, st,
		      perr, sizeof perr) != 0)
		st->bad++;   /* the rows before the damage stand */
}

/* .eh_frame of elf, then the FDEs of its .debug_frame and of dbg's that none before covers. */
static int read_all(Elf *elf, Elf *dbg, struct cfi_rows *rows, struct cfi_stats *st)
{
	Elf_Scn *eh, *df;
	GElf_Shdr eh_sh, df_sh;
	if (find_sections(elf, &eh, &eh_sh, &df, &df_sh) != 0)
		return -1;
	if (eh)
		parse_section(eh, &eh_sh, CFI_EH_FRAME, rows, st);
	if (df) {
		void *skip = covered(rows);
		parse_section(df, &df_sh, CFI_DEBUG_FRAME, rows, st);
		free(skip);
	}
	if (dbg && find_sections(dbg, &eh, &eh_sh, &df, &df_sh) == 0 && df) {
		void *skip = covered(rows);
		parse_section(df, &df_sh, CFI_DEBUG_FRAME, rows, st);
		free(skip);
	}
	rows->skip = NULL;
	rows->nskip = 0;
	return 0;
}

int cfi_elf_read_file(struct elf_file *f, struct elf_file *dbg, struct cfi_rows *rows,
		      struct cfi_stats *st, char *err, size_t errlen)
{
	GElf_Ehdr eh;
	size_t nph;
	if (elf_file_header(f, &eh, &nph, err, errlen) != 0)
		return -1;
	if (eh.e_machine != EM_X86_64) {
		snprintf(err, errlen, "%s: not an x86-64 object", f->name);
		return -1;
	}
	/* section headers checked as elf_file does, for its messages */
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	const char *name;
	int r;
	while ((r = elf_file_next_section(f, &scn, &sh, &name, err, errlen)) == 1)
		;
	if (r < 0)
		return -1;
	Elf *dbgelf = NULL;
	GElf_Ehdr dh;
	if (dbg && dbg->elf && gelf_getehdr(dbg->elf, &dh) && dh.e_machine == EM_X86_64)
		dbgelf = dbg->elf;
	if (read_all(f->elf, dbgelf, rows, st) != 0) {
		snprintf(err, errlen, "%s: bad section headers", f->name);
		return -1;
	}
	cfi_rows_compact(rows);
	return 0;
}

int cfi_elf_read(const char *path, const char *debugpath, struct cfi_rows *rows,
		 struct cfi_stats *st, char *err, size_t errlen)
{
	struct elf_file f, d;
	bool have_dbg = false;
	int rc = elf_file_open(&f, path, err, errlen);
	if (rc == 0 && debugpath) {
		rc = elf_file_open(&d, debugpath, err, errlen);
		have_dbg = rc == 0;
		if (rc != 0)
			elf_file_close(&d);
	}
	if (rc == 0)
		rc = cfi_elf_read_file(&f, have_dbg ? &d : NULL, rows, st, err, errlen);
	if (have_dbg)
		elf_file_close(&d);
	elf_file_close(&f);
	return rc;
}

int cfi_elf_fde_bounds(Elf *elf, uint64_t (**out)[2], size_t *n)
{
	struct cfi_rows rows = { .bounds_only = true };
	struct cfi_stats st = { 0 };
	*out = NULL;
	*n = 0;
	if (read_all(elf, NULL, &rows, &st) != 0)
		return -1;
	if (rows.nfdes)
		qsort(rows.fdes, rows.nfdes, sizeof *rows.fdes, cmp_range);
	*out = rows.fdes;
	*n = rows.nfdes;
	rows.fdes = NULL;
	cfi_rows_free(&rows);
	return 0;
}

bool cfi_elf_wants_debugfile(struct elf_file *f, const struct cfi_rows *rows)
{
	Elf_Scn *eh, *df;
	GElf_Shdr eh_sh, df_sh;
	if (find_sections(f->elf, &eh, &eh_sh, &df, &df_sh) != 0 || df)
		return false;
	/* the executable sections' bytes, and those the FDEs cover */
	uint64_t code = 0, in = 0;
	for (Elf_Scn *s = elf_nextscn(f->elf, NULL); s; s = elf_nextscn(f->elf, s)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(s, &sh) || !(sh.sh_flags & SHF_EXECINSTR) || sh.sh_type == SHT_NOBITS)
			continue;
		code += sh.sh_size;
		for (size_t i = 0; i < rows->nfdes; i++) {
			uint64_t a = rows->fdes[i][0] > sh.sh_addr ? rows->fdes[i][0] : sh.sh_addr;
			uint64_t b = rows->fdes[i][1] < sh.sh_addr + sh.sh_size ? rows->fdes[i][1]
									      : sh.sh_addr + sh.sh_size;
			if (a < b)
				in += b - a;
		}
	}
	return code > 0 && in < code / 2;
}

uint64_t cfi_elf_bytes(struct elf_file *f)
{
	Elf_Scn *eh, *df;
	GElf_Shdr eh_sh, df_sh;
	if (find_sections(f->elf, &eh, &eh_sh, &df, &df_sh) != 0)
		return 0;
	return (eh ? eh_sh.sh_size : 0) + (df ? df_sh.sh_size : 0);
}

int cfi_elf_loads(struct elf_file *f, struct cfi_elf_load *load, int max, int *nload,
		  uint64_t *code_end, char *err, size_t errlen)
{
	GElf_Ehdr eh;
	size_t nph;
	*code_end = 0;
	*nload = 0;
	if (elf_file_header(f, &eh, &nph, err, errlen) != 0)
		return -1;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		if (elf_file_phdr(f, i, &ph, err, errlen) != 0)
			return -1;
		if (ph.p_type != PT_LOAD)
			continue;
		if (ph.p_vaddr + ph.p_memsz >= ph.p_vaddr && ph.p_vaddr + ph.p_memsz > *code_end)
			*code_end = ph.p_vaddr + ph.p_memsz;
		if (*nload < max)
			load[(*nload)++] = (struct cfi_elf_load){ ph.p_offset, ph.p_vaddr, ph.p_filesz };
	}
	return 0;
}
