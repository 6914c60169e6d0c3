/* cfi_elf.c — an ELF object's unwind rows (cfi_elf.h). */
#include <stdio.h>
#include <string.h>

#include "cfi_elf.h"

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

int cfi_elf_read_file(struct elf_file *f, struct cfi_rows *rows, struct cfi_stats *st, char *err,
		      size_t errlen)
{
	GElf_Ehdr eh;
	size_t nph;
	if (elf_file_header(f, &eh, &nph, err, errlen) != 0)
		return -1;
	if (eh.e_machine != EM_X86_64) {
		snprintf(err, errlen, "%s: not an x86-64 object", f->name);
		return -1;
	}
	Elf_Scn *scn = NULL, *eh_scn = NULL, *dbg_scn = NULL;
	GElf_Shdr sh, eh_sh, dbg_sh;
	const char *name;
	int r;
	while ((r = elf_file_next_section(f, &scn, &sh, &name, err, errlen)) == 1) {
		if (!name)
			continue;
		if (strcmp(name, ".eh_frame") == 0 && !eh_scn) {
			eh_scn = scn;
			eh_sh = sh;
		} else if (strcmp(name, ".debug_frame") == 0 && !dbg_scn) {
			dbg_scn = scn;
			dbg_sh = sh;
		}
	}
	if (r < 0)
		return -1;
	Elf_Data *d = NULL;
	enum cfi_section kind = CFI_EH_FRAME;
	uint64_t vaddr = 0;
	if (eh_scn && (d = section_bytes(eh_scn, &eh_sh)) != NULL) {
		vaddr = eh_sh.sh_addr;
	} else if (dbg_scn && (d = section_bytes(dbg_scn, &dbg_sh)) != NULL) {
		kind = CFI_DEBUG_FRAME;
	}
	if (!d)
		return 0;
	char perr[160];
	if (cfi_parse(d->d_buf, d->d_size, vaddr, kind, rows, st, perr, sizeof perr) != 0)
		st->bad++;   /* the rows before the damage stand */
	cfi_rows_compact(rows);
	return 0;
}

int cfi_elf_read(const char *path, struct cfi_rows *rows, struct cfi_stats *st, char *err,
		 size_t errlen)
{
	struct elf_file f;
	int rc = elf_file_open(&f, path, err, errlen);
	if (rc == 0)
		rc = cfi_elf_read_file(&f, rows, st, err, errlen);
	elf_file_close(&f);
	return rc;
}
