/* elf_funcs.h — the functions of one ELF file, for the pid provider: every function symbol
 * with its address, size and file offset, names as dtrace shows them, lookup by glob, and the
 * instruction boundaries and return instructions inside a function (decoded with capstone).
 *
 * Symbols: every STT_FUNC and STT_GNU_IFUNC symbol with a defined section (not SHN_UNDEF, not
 * SHN_ABS/COMMON) from .symtab and from .dynsym (a stripped file keeps its .dynsym). The same
 * (display name, address) seen in both tables is one entry; aliases (other names at one
 * address: weak aliases, `__foo`/`foo` pairs) stay separate entries, each with its own name.
 * A symbol whose address lies in no PT_LOAD's file bytes is skipped (counted in nskipped).
 * Compiler-made parts and clones (`foo.cold`, `foo.part.0`, `foo.constprop.0`, `foo.isra.0`,
 * `foo.lto_priv.0`, `foo.llvm.123`) are listed as they are, with `suffixed` set: a glob `foo*`
 * matches them, the name `foo` does not (DTrace for Linux leaves them out of glob matches; the
 * caller decides).
 *
 * Names: `name` is the symbol as spelled (mangled for C++). `display` is what a probe listing
 * and probefunc show: C++ names (those starting with _Z) demangled by libstdc++'s
 * __cxa_demangle ("ns::conn::send(char const*, int)", clones as "foo() [clone .cold]"), a
 * versioned .symtab name ("memcpy@@GLIBC_2.14") without its version, otherwise the name.
 * Why __cxa_demangle and not libiberty's cplus_demangle: it is the same demangler (libsupc++
 * builds libiberty's cp-demangle.c), its entry point is fixed by the Itanium C++ ABI, and it
 * comes with libstdc++, a shared library every machine that runs C++ programs has (and that
 * g++ pulls in), where libiberty-dev ships only a static archive. Output differs from c++filt
 * in one way: the standard abbreviations stay short ("std::string", "std::ostream"), as gdb
 * and perf show them; c++filt expands them (it passes DMGL_VERBOSE).
 *
 * Order: by address; among aliases at one address the canonical name comes first (see
 * elf_funcs_canonical), then by display name, then by name. Stable for a given file.
 *
 * Contract: elf_funcs_open never crashes on malformed or truncated input; it fails with a
 * message ("not an ELF file", "32-bit ELF objects are not supported", "section header table
 * lies outside the file (truncated?)", ...) or returns a complete struct. Only 64-bit ET_EXEC
 * and ET_DYN files are read. A file without function symbols is a success with n == 0. */
#ifndef USDTRACE_ELF_FUNCS_H
#define USDTRACE_ELF_FUNCS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum { ELF_FUNCS_SYMTAB = 1, ELF_FUNCS_DYNSYM = 2 };

struct elf_func {
	const char *name;      /* as in the symbol table */
	const char *display;   /* as dtrace shows it (== name when there is nothing to change) */
	uint64_t addr;         /* link-time address (st_value); for an IFUNC, its resolver's */
	uint64_t size;         /* st_size; 0 if the symbol has none (hand-written assembly) */
	uint64_t off;          /* file offset of addr, through the PT_LOAD segments */
	uint8_t bind;          /* STB_GLOBAL, STB_WEAK or STB_LOCAL (the strongest of the tables') */
	uint8_t tables;        /* ELF_FUNCS_SYMTAB | ELF_FUNCS_DYNSYM: where it was seen */
	bool ifunc;            /* STT_GNU_IFUNC: addr is the resolver, which runs once at load time
	                        * and returns the implementation's address */
	bool suffixed;         /* a compiler-made part or clone: the name has a '.' suffix */
	bool hidden_version;   /* a non-default symbol version (`nm -D` shows name@VER, not @@) */
};

struct elf_funcs_sec;      /* private: the sections and segments bytes are read through */

struct elf_funcs {
	char *path;            /* as opened (or the name given for a memory image) */
	dev_t dev;             /* of the file opened; 0 for memory images */
	ino_t ino;
	int elf_type;          /* ET_EXEC or ET_DYN */
	uint16_t machine;      /* EM_X86_64, ... */
	uint64_t entry;        /* e_entry: the link-time address the program starts at (0: none) */
	bool has_symtab;       /* a .symtab was read (the file is not stripped) */
	size_t n;
	struct elf_func *funcs;
	size_t nskipped;       /* function symbols skipped: address in no PT_LOAD's file bytes */
	/* private */
	struct elf_funcs_sec *secs;
	size_t nsecs;
	unsigned char *image;  /* memory images: a copy of the whole file */
	size_t image_size;
	uint64_t file_size;    /* opened files: size and mtime, to notice a change on disk */
	int64_t mtime_sec, mtime_nsec;
	struct elf_funcs_slot *slots;  /* GOT slots the dynamic linker fills with a symbol's
	                                * address (JUMP_SLOT, GLOB_DAT relocations), by address */
	size_t nslots;
};

/* A GOT slot and the symbol whose address the dynamic linker writes in it. */
struct elf_funcs_slot {
	uint64_t got;
	char *name;            /* without a version suffix */
};

/* Open and read `path`. Returns 0 and *out, or -1 with a message in err (*out NULL). */
int elf_funcs_open(const char *path, struct elf_funcs **out, char *err, size_t errlen);
/* Same, from a memory image of the whole file (copied; tests and corrupted-input checks). */
int elf_funcs_from_memory(const char *name, const void *image, size_t size,
			  struct elf_funcs **out, char *err, size_t errlen);
void elf_funcs_free(struct elf_funcs *ef);
/* The address function `name` has in process pid: looked up in its executable (exe_only) or
 * in every object it maps, the executable first; 0 when none has it. Reads the objects'
 * files; for a held process (-c's evaltime: main, or __libc_start_main). */
uint64_t elf_funcs_proc_addr(pid_t pid, const char *name, bool exe_only);

/* The next function, from index *pos on, whose display name or name matches the shell glob
 * `glob` (fnmatch without flags: `*` crosses "::" and "/"); *pos moves past it. Start with
 * *pos = 0; NULL when there are no more. A glob without metacharacters is an exact name. */
const struct elf_func *elf_funcs_next_match(const struct elf_funcs *ef, const char *glob,
					    size_t *pos);

/* The canonical alias of fn's address, the name dtrace reports for any of them: sized before
 * unsized, global or weak before local, the default version before a hidden one, fewer leading
 * underscores, global before weak, shorter, then by byte order (DTrace's libproc: global/weak
 * before local, then fewer leading underscores, so `_go` reports as `go`). */
const struct elf_func *elf_funcs_canonical(const struct elf_funcs *ef, const struct elf_func *fn);

/* The instructions of one function, decoded from the file's bytes (x86-64 only). */
struct elf_insns {
	uint64_t *offs;        /* offsets from the function's start of every instruction, ascending,
	                        * offs[0] == 0 */
	uint8_t *refused;      /* per instruction: 1 when x86 uprobes refuse it (below) */
	size_t n;
	uint64_t *rets;        /* offsets of the returns among them: ret, ret imm16, repz ret, bnd ret
	                        * (not far returns) */
	size_t nrets;
	size_t ntails;         /* unconditional jumps that leave the function (a direct target
	                        * outside it, or an indirect one): tail calls, which return for it */
	struct elf_call *calls; /* the call instructions among them, ascending */
	size_t ncalls;
	uint64_t decoded;      /* bytes decoded from the start: the function's size when complete */
	bool complete;         /* false: decoding stopped at an undecodable byte sequence (data or
	                        * padding in the text, an instruction capstone 4 does not know);
	                        * nothing past `decoded` is reported, since a guess could put a
	                        * probe inside an instruction */
};

/* A call instruction: where, and what it calls as far as its bytes say. */
enum elf_call_kind {
	ELF_CALL_INDIRECT,     /* through a register or a memory operand other than a GOT slot */
	ELF_CALL_DIRECT,       /* call rel32: `to` is the target's link-time address */
	ELF_CALL_SLOT,         /* call *slot(%rip) (-fno-plt): `to` is the slot's address */
};
struct elf_call {
	uint64_t off;          /* offset of the call from the function's start */
	uint64_t to;
	uint8_t size;          /* the instruction's length */
	uint8_t kind;          /* enum elf_call_kind */
};

/* The name of what call c calls: the function at a direct target (its canonical alias's
 * display name), the symbol of a PLT stub's GOT slot (a direct call into .plt or .plt.sec,
 * whose first jump reads the slot), or the symbol of a GOT slot called through; NULL when the
 * bytes do not say (an indirect call, a target that is no function and no stub). */
const char *elf_funcs_call_name(const struct elf_funcs *ef, const struct elf_call *c);

/* Decode fn (an entry of ef). -1 with a message when the function has no size, is not x86-64,
 * or its bytes cannot be read: in a NOBITS section, in no section or segment, running past its
 * section, outside the file, or the file changed on disk since elf_funcs_open. */
int elf_funcs_insn_offsets(const struct elf_funcs *ef, const struct elf_func *fn,
			   struct elf_insns *out, char *err, size_t errlen);
void elf_insns_free(struct elf_insns *in);
/* Up to len bytes of fn from offset at (fewer at the function's end): how many, or -1 with a
 * message, as elf_funcs_insn_offsets fails. */
int elf_funcs_read(const struct elf_funcs *ef, const struct elf_func *fn, uint64_t at,
		   unsigned char *buf, size_t len, char *err, size_t errlen);
/* Whether the kernel refuses an x86 uprobe on the instruction whose bytes start b[0..n): a
 * lock or es/cs/ss/ds segment prefix (arch/x86/kernel/uprobes.c; `notrack`, branch hints and
 * `nopw %cs:...` padding carry one), or int3, int n, into, int1, hlt. */
bool elf_x86_uprobe_refuses(const unsigned char *b, size_t n);
/* Whether a kernel that optimises uprobes (x86-64, 6.18+) turns one on the instruction whose
 * bytes start b[0..n), at an address whose low 12 bits are those of vaddr, into a call to its
 * trampoline instead of an int3 trap: a 5-byte nop (0f 1f /0, or 90, with 66 prefixes) that
 * does not cross a page (docs/sdt-sites.md). */
bool elf_x86_uprobe_optimizable(const unsigned char *b, size_t n, uint64_t vaddr);
/* Where, in a function whose first bytes are b[0..n) at vaddr, an entry probe is best placed:
 * 4 when endbr64 (which changes no state) is followed by an optimisable nop, else 0. */
uint64_t elf_x86_entry_site(const unsigned char *b, size_t n, uint64_t vaddr);
/* Whether the k bytes before a site, b[0..k) (k at most 12, the bytes just before it), end
 * with usdtrace/sdt.h's "lea -0x80(%rsp),%rsp" followed by nothing but nops: %rsp is then
 * below the red zone at the site, so the call the kernel makes of a nop5 there is harmless. */
bool elf_x86_site_rsp_lowered(const unsigned char *b, size_t k);

/* The index in in->offs of the instruction starting at off, or -1 when none does. */
long elf_insns_index(const struct elf_insns *in, uint64_t off);
/* Whether off is an instruction boundary (the start of a decoded instruction). */
bool elf_insns_has(const struct elf_insns *in, uint64_t off);
#endif
