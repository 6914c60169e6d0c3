/* usdt_note.h — read the USDT probes of one ELF file: its .note.stapsdt sites, the
 * .stapsdt.base adjustment, the enclosing function of each site, its decoded arguments, and
 * usdtrace's own declared-type notes (see usdt_typenote.h); and the probes of the DOF in a
 * .SUNW_dof section, as `dtrace -G` writes it, read by usdt_dof.c into the same sites and types
 * (a DOF that does not parse is a warning, its probes ignored).
 *
 * Contract: usdt_file_open either returns a complete struct usdt_file or fails with a message in
 * errbuf ("not an ELF file", "32-bit ELF objects are not supported", "section header table lies
 * outside the file (truncated?)", "cannot read section .note.stapsdt"), never crashing on
 * malformed input. Only 64-bit executables and shared objects are read (ET_REL and ET_CORE are
 * refused). A file without probes is a success with nsites == 0. Individual undecodable
 * arguments do not fail the file (see usdt_arg.h); individual malformed notes (sizes running past
 * the section, missing NULs, short descriptors, addresses outside every PT_LOAD) are skipped with
 * a message in warnings[]. Arguments of non-x86-64 files are all USDT_LOC_INVALID. Addresses are
 * link-time virtual addresses; *_off fields are file offsets (what uprobes and ref_ctr_offset
 * take). Symbol tables are read only when the file has probes. */
#ifndef USDTRACE_USDT_NOTE_H
#define USDTRACE_USDT_NOTE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "usdt_arg.h"

struct usdt_segment {     /* one PT_LOAD */
	uint64_t vaddr, memsz, offset, filesz;
	uint32_t flags;       /* PF_R | PF_W | PF_X */
};

struct usdt_site {
	char *provider;       /* as in the note: "python", "postgresql" */
	char *name;           /* as in the note: "function__entry" */
	char *function;       /* enclosing function from .symtab, else .dynsym, as spelled there
	                       * (mangled for C++); NULL if none (stripped static code) */
	uint64_t pc;          /* link-time address of the probe instruction, adjusted by
	                       * .stapsdt.base: pc = note pc + (section address - note base) */
	uint64_t pc_off;      /* file offset of the probe instruction */
	uint64_t sem;         /* link-time address of the semaphore, 0 if none; as in the note,
	                       * not base-adjusted (see usdt_note.c) */
	uint64_t sem_off;     /* file offset of the semaphore, 0 if none */
	char *argstr;         /* the note's raw argument string */
	int nargs;
	struct usdt_arg *args;
	int nbadargs;         /* arguments that did not decode */
	bool from_dof;        /* from a .SUNW_dof section (usdt_dof.h): arguments are the call's
	                       * registers and stack, function as the DOF names it */
};

/* One probe's declared argument types, from usdtrace's type note. */
struct usdt_probe_types {
	char *provider, *name;
	int nargs;
	char **types;         /* C spellings: "char *", "struct conn *", "uint32_t" */
	/* The argument mapping (USDT_NOTE_ARGMAP), nxargs 0 and NULLs without one: translated
	 * argument k has type xtypes[k] and is made from native argument map[k]. */
	int nxargs;
	char **xtypes;
	int *map;
};

struct usdt_file {
	char *path;           /* as opened */
	dev_t dev;
	ino_t ino;
	int elf_type;         /* ET_EXEC or ET_DYN */
	uint16_t machine;     /* EM_X86_64, ... */
	uint64_t entry;
	int nsegs;
	struct usdt_segment *segs;
	int nsites;
	struct usdt_site *sites;
	/* DOF's is-enabled sites (usdt_dof.h): where a program asks whether a probe is enabled,
	 * with no arguments. Kept apart from sites, which are attached as probe sites. */
	int nensites;
	struct usdt_site *ensites;
	int ntypes;
	struct usdt_probe_types *types;
	char *decls;          /* D declarations recorded by `usdtrace -G`, NULL if none */
	bool has_tls;         /* PT_TLS present; tls_* valid */
	uint64_t tls_memsz, tls_align;
	/* Added by usdt_note.c: */
	uint64_t tls_vaddr;   /* PT_TLS p_vaddr (its misalignment shifts the static TLS block) */
	bool is_pie;          /* ET_DYN with DF_1_PIE: an executable, so static TLS offsets are known */
	int nwarnings;        /* malformed notes/symbols that were skipped, one message each */
	char **warnings;
	struct usdt_pending *pending; /* usdt_file_open_lazy: not resolved yet (private) */
};

/* Open and read `path`. Returns 0 and *out, or -1 with a message in errbuf. */
int usdt_file_open(const char *path, struct usdt_file **out, char *errbuf, size_t errlen);
/* The same, but a file with probes is left unresolved: its sites have provider, name, pc and
 * arguments, but function NULL and argument symbols not looked up (nor the warnings that
 * brings), and the file stays open until usdt_file_resolve completes it exactly as
 * usdt_file_open would have (idempotent; usdt_file_free closes an unresolved file). A scan of
 * every object pays for symbol tables only where a probe's provider and name may match. */
int usdt_file_open_lazy(const char *path, struct usdt_file **out, char *errbuf, size_t errlen);
void usdt_file_resolve(struct usdt_file *f);
/* Same, from a memory image of the whole file (tests and corrupted-input checks). */
int usdt_file_from_memory(const char *name, const void *image, size_t size,
			  struct usdt_file **out, char *errbuf, size_t errlen);
void usdt_file_free(struct usdt_file *f);

/* Declared types for a probe, or NULL. Names compare with "__" and "-" as equal. */
const struct usdt_probe_types *usdt_file_find_types(const struct usdt_file *f,
						    const char *provider, const char *name);

/* Link-time address -> file offset through the PT_LOAD segments; -1 if not in any. */
int64_t usdt_file_vaddr_to_off(const struct usdt_file *f, uint64_t vaddr);
#endif
