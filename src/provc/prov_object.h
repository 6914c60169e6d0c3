/* prov_object.h — `usdtrace -G`: the ELF relocatable object that goes with a -h header.
 *
 * Contract: prov_object_write writes, through libelf, a 64-bit little-endian ET_REL object
 * for `machine` to the open file `fd` with:
 *   .probes            SHT_PROGBITS, alloc+write, align 2: one zeroed 2-byte semaphore per probe
 *   .note.usdtrace     the declared-type notes of usdt_typenote.h (one ARGTYPES note per probe,
 *                      one DECLS note with the provider file's declarations as D source)
 *   .note.GNU-stack    empty: the object does not need an executable stack
 *   .symtab/.strtab    STT_FILE for the script, the .probes section symbol, and a global hidden
 *                      STT_OBJECT `provider_probe_semaphore` (size 2) per probe
 * No code, no relocations: linking it with objects compiled against the header resolves their
 * semaphore references, for PIE, non-PIE and shared libraries alike.
 * prov_object_check_input accepts only ELF64 little-endian relocatable objects and reports
 * their e_machine; it never modifies them. Both return 0, or -1 with the error in *err
 * (derr.h: no tag, no position). */
#ifndef USDTRACE_PROV_OBJECT_H
#define USDTRACE_PROV_OBJECT_H
#include <gelf.h>
#include <stddef.h>
#include <stdint.h>

#include "dparse.h"
#include "util.h"

int prov_object_write(const struct dprog *g, int fd, uint16_t machine, const char *script,
		      struct derr *err);
int prov_object_check_input(const char *path, uint16_t *machine, struct derr *err);
/* Add s to the string table t under construction (index 0 is the empty name, put there on the
 * first call); returns s's offset in t. */
size_t prov_strtab_add(struct strbuf *t, const char *s);
/* A new section of e holding buf[0..size) (not copied: it must outlive elf_update), named by
 * offset `name` in the section-name table; NULL on a libelf error. */
Elf_Scn *prov_section_add(Elf *e, size_t name, uint32_t type, uint64_t flags, void *buf,
			  size_t size, Elf_Type dtype, size_t align, size_t entsize);
/* Append to n one ELF note of usdt_typenote.h's owner: type, then desc[0..desclen), padded. */
void prov_note_add(struct strbuf *n, uint32_t type, const char *desc, size_t desclen);
/* Append the declared-type notes of probe pr of provider pv: its ARGTYPES note, and its
 * ARGMAP note when it has translated arguments (what -G writes, as stapsdt or as DOF). */
void prov_note_probe_types(struct strbuf *n, const struct dprovider *pv, const struct dprobe *pr);
/* The semaphore symbol for a probe: "postgresql_query__start_semaphore". Malloc'd. */
char *prov_semaphore_name(const char *provider, const char *probe);
#endif
