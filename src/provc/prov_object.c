/* prov_object.c — see prov_object.h. libelf lays the file out (offsets, section alignment);
 * we only describe sections, their bytes and the symbols. */
#include "prov_object.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "usdt_typenote.h"
#include "util.h"

char *prov_semaphore_name(const char *provider, const char *probe)
{
	return xasprintf("%s_%s_semaphore", provider, probe);
}

size_t prov_strtab_add(struct strbuf *t, const char *s)
{
	if (t->len == 0)
		strbuf_putc(t, '\0');  /* index 0 is the empty name */
	size_t off = t->len;
	strbuf_add(t, s, strlen(s) + 1);
	return off;
}

void prov_note_add(struct strbuf *n, uint32_t type, const char *desc, size_t desclen)
{
	static const char zeros[4];
	uint32_t hdr[3] = { sizeof(USDT_TYPENOTE_OWNER), (uint32_t)desclen, type };
	strbuf_add(n, (const char *)hdr, sizeof(hdr));
	strbuf_add(n, USDT_TYPENOTE_OWNER, sizeof(USDT_TYPENOTE_OWNER));
	strbuf_add(n, zeros, (4 - sizeof(USDT_TYPENOTE_OWNER) % 4) % 4);
	strbuf_add(n, desc, desclen);
	strbuf_add(n, zeros, (4 - desclen % 4) % 4);
}

/* The probe's argument mapping: "N type" per translated argument (usdt_typenote.h). */
static void argmap_note(struct strbuf *notes, const struct dprovider *pv, const struct dprobe *pr)
{
	struct strbuf desc = {0};
	strbuf_add(&desc, pv->name, strlen(pv->name) + 1);
	strbuf_add(&desc, pr->name, strlen(pr->name) + 1);
	for (int k = 0; k < pr->nxargs; k++) {
		char *ty = dtype_spell(pr->xargs[k].type, NULL, true);
		char *ent = xasprintf("%d %s", pr->map[k], ty);
		strbuf_add(&desc, ent, strlen(ent) + 1);
		free(ent);
		free(ty);
	}
	prov_note_add(notes, USDT_NOTE_ARGMAP, desc.s, desc.len);
	strbuf_free(&desc);
}

void prov_note_probe_types(struct strbuf *notes, const struct dprovider *pv,
			   const struct dprobe *pr)
{
	struct strbuf desc = {0};
	strbuf_add(&desc, pv->name, strlen(pv->name) + 1);
	strbuf_add(&desc, pr->name, strlen(pr->name) + 1);
	for (int k = 0; k < pr->nargs; k++) {
		char *ty = dtype_spell(pr->args[k].type, NULL, true);
		strbuf_add(&desc, ty, strlen(ty) + 1);
		free(ty);
	}
	prov_note_add(notes, USDT_NOTE_ARGTYPES, desc.s, desc.len);
	strbuf_free(&desc);
	if (pr->xargs)
		argmap_note(notes, pv, pr);
}

Elf_Scn *prov_section_add(Elf *e, size_t name, uint32_t type, uint64_t flags, void *buf,
			    size_t size, Elf_Type dtype, size_t align, size_t entsize)
{
	Elf_Scn *scn = elf_newscn(e);
	if (!scn)
		return NULL;
	Elf_Data *d = elf_newdata(scn);
	if (!d)
		return NULL;
	d->d_buf = buf;
	d->d_size = size;
	d->d_type = dtype;
	d->d_align = align;
	d->d_version = EV_CURRENT;
	GElf_Shdr sh;
	if (!gelf_getshdr(scn, &sh))
		return NULL;
	sh.sh_name = (uint32_t)name;
	sh.sh_type = type;
	sh.sh_flags = flags;
	sh.sh_addralign = align;
	sh.sh_entsize = entsize;
	if (!gelf_update_shdr(scn, &sh))
		return NULL;
	return scn;
}

int prov_object_write(const struct dprog *g, int fd, uint16_t machine, const char *script,
		      struct derr *err)
{
	if (elf_version(EV_CURRENT) == EV_NONE)
		return derr_set(err, DTAG_NONE, "libelf initialisation failed: %s", elf_errmsg(-1));
	int nsem = 0;
	for (int i = 0; i < g->nprovs; i++)
		nsem += g->provs[i].nprobes;

	struct strbuf shstr = {0}, str = {0}, notes = {0};
	char *probes = xcalloc((size_t)nsem + 1, 2);
	GElf_Sym *syms = xcalloc((size_t)nsem + 3, sizeof(GElf_Sym));
	Elf64_Sym *raw = xcalloc((size_t)nsem + 3, sizeof(Elf64_Sym));
	int ret = -1;
	Elf *e = NULL;

	/* The notes: one ARGTYPES per probe, then the declarations. */
	for (int i = 0; i < g->nprovs; i++) {
		const struct dprovider *pv = &g->provs[i];
		for (int j = 0; j < pv->nprobes; j++) {
			const struct dprobe *pr = &pv->probes[j];
			prov_note_probe_types(&notes, pv, pr);
		}
	}
	char *decls = dprog_decls_text(g);
	prov_note_add(&notes, USDT_NOTE_DECLS, decls, strlen(decls) + 1);
	free(decls);

	e = elf_begin(fd, ELF_C_WRITE, NULL);
	if (!e)
		goto elf_fail;
	GElf_Ehdr eh;
	if (!gelf_newehdr(e, ELFCLASS64) || !gelf_getehdr(e, &eh))
		goto elf_fail;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_OSABI] = ELFOSABI_NONE;
	eh.e_type = ET_REL;
	eh.e_machine = machine;
	eh.e_version = EV_CURRENT;
	if (!gelf_update_ehdr(e, &eh))
		goto elf_fail;

	prov_strtab_add(&shstr, "");
	Elf_Scn *s_probes = prov_section_add(e, prov_strtab_add(&shstr, ".probes"), SHT_PROGBITS,
					SHF_ALLOC | SHF_WRITE, probes, (size_t)nsem * 2, ELF_T_BYTE,
					2, 0);
	if (!s_probes ||
	    !prov_section_add(e, prov_strtab_add(&shstr, USDT_TYPENOTE_SECTION), SHT_NOTE, 0, notes.s,
			 notes.len, ELF_T_BYTE, 4, 0) ||
	    !prov_section_add(e, prov_strtab_add(&shstr, ".note.GNU-stack"), SHT_PROGBITS, 0, NULL, 0,
			 ELF_T_BYTE, 1, 0))
		goto elf_fail;

	/* Symbols: locals first (null, file, section), then the semaphores. */
	const char *sbase = strrchr(script, '/');
	sbase = sbase ? sbase + 1 : script;
	prov_strtab_add(&str, "");
	size_t probes_ndx = elf_ndxscn(s_probes);
	int n = 1;
	syms[n].st_name = prov_strtab_add(&str, sbase);
	syms[n].st_info = GELF_ST_INFO(STB_LOCAL, STT_FILE);
	syms[n++].st_shndx = SHN_ABS;
	syms[n].st_info = GELF_ST_INFO(STB_LOCAL, STT_SECTION);
	syms[n++].st_shndx = (uint16_t)probes_ndx;
	int first_global = n;
	int off = 0;
	for (int i = 0; i < g->nprovs; i++) {
		const struct dprovider *pv = &g->provs[i];
		for (int j = 0; j < pv->nprobes; j++) {
			char *name = prov_semaphore_name(pv->name, pv->probes[j].name);
			syms[n].st_name = prov_strtab_add(&str, name);
			free(name);
			syms[n].st_info = GELF_ST_INFO(STB_GLOBAL, STT_OBJECT);
			syms[n].st_other = STV_HIDDEN;
			syms[n].st_shndx = (uint16_t)probes_ndx;
			syms[n].st_value = (uint64_t)off;
			syms[n++].st_size = 2;
			off += 2;
		}
	}
	Elf_Scn *s_symtab = prov_section_add(e, prov_strtab_add(&shstr, ".symtab"), SHT_SYMTAB, 0, raw,
					(size_t)n * sizeof(Elf64_Sym), ELF_T_SYM, 8, sizeof(Elf64_Sym));
	if (!s_symtab)
		goto elf_fail;
	Elf_Data *symdata = elf_getdata(s_symtab, NULL);
	for (int i = 0; i < n; i++)
		if (!gelf_update_sym(symdata, i, &syms[i]))
			goto elf_fail;
	Elf_Scn *s_strtab = prov_section_add(e, prov_strtab_add(&shstr, ".strtab"), SHT_STRTAB, 0, str.s,
					str.len, ELF_T_BYTE, 1, 0);
	if (!s_strtab)
		goto elf_fail;
	GElf_Shdr sh;
	if (!gelf_getshdr(s_symtab, &sh))
		goto elf_fail;
	sh.sh_link = (uint32_t)elf_ndxscn(s_strtab);
	sh.sh_info = (uint32_t)first_global;
	if (!gelf_update_shdr(s_symtab, &sh))
		goto elf_fail;
	/* The section-name table names itself, so its own name goes in before its data is set. */
	size_t shstr_name = prov_strtab_add(&shstr, ".shstrtab");
	Elf_Scn *s_shstr = prov_section_add(e, shstr_name, SHT_STRTAB, 0, shstr.s, shstr.len,
				       ELF_T_BYTE, 1, 0);
	if (!s_shstr)
		goto elf_fail;
	if (!gelf_getehdr(e, &eh))
		goto elf_fail;
	eh.e_shstrndx = (uint16_t)elf_ndxscn(s_shstr);  /* a handful of sections: no SHN_XINDEX */
	if (!gelf_update_ehdr(e, &eh))
		goto elf_fail;
	if (elf_update(e, ELF_C_WRITE) < 0)
		goto elf_fail;
	ret = 0;
	goto out;
elf_fail:
	derr_set(err, DTAG_NONE, "cannot write ELF object: %s", elf_errmsg(-1));
out:
	if (e)
		elf_end(e);
	strbuf_free(&shstr);
	strbuf_free(&str);
	strbuf_free(&notes);
	free(probes);
	free(syms);
	free(raw);
	return ret;
}

int prov_object_check_input(const char *path, uint16_t *machine, struct derr *err)
{
	if (elf_version(EV_CURRENT) == EV_NONE)
		return derr_set(err, DTAG_NONE, "libelf initialisation failed: %s", elf_errmsg(-1));
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return derr_set(err, DTAG_NONE, "failed to open %s: %s", path, strerror(errno));
	int ret = -1;
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	GElf_Ehdr eh;
	if (!e || elf_kind(e) != ELF_K_ELF) {
		derr_set(err, DTAG_NONE, "%s is not an ELF file", path);
		goto out;
	}
	if (!gelf_getehdr(e, &eh)) {
		derr_set(err, DTAG_NONE, "%s: invalid ELF header: %s", path, elf_errmsg(-1));
		goto out;
	}
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB) {
		derr_set(err, DTAG_NONE, "%s: only 64-bit little-endian ELF objects are supported", path);
		goto out;
	}
	if (eh.e_type != ET_REL) {
		derr_set(err, DTAG_NONE, "%s is not an ELF relocatable object (ET_REL): "
			 "give the .o files, not a linked program", path);
		goto out;
	}
	*machine = eh.e_machine;
	ret = 0;
out:
	if (e)
		elf_end(e);
	close(fd);
	return ret;
}
