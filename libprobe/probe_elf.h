/* probe_elf.h — the image of one loadable batch of runtime probes: a small x86-64 ELF shared
 * object, written byte by byte (no compiler or libelf at run time).
 *
 * What it holds (docs/probe.md has the layout): one function per probe whose body is the probe
 * site <usdtrace/sdt.h> emits (a 1-byte nop, the note's pc, then a 10-byte nop) and a `ret`;
 * a .note.stapsdt note per probe whose arguments are where the SysV ABI puts a call's
 * arguments at the function's first instruction (%rdi..%r9, then 8(%rsp), 16(%rsp)...); a
 * 2-byte semaphore per probe in .probes (a writable, file-backed page, so the kernel can count
 * it with a uprobe's ref_ctr_offset); usdtrace's .note.usdtrace with the declared types; and the
 * dynamic section, symbols and hash table dlopen needs. */
#ifndef USDTRACE_PROBE_ELF_H
#define USDTRACE_PROBE_ELF_H
#include <stddef.h>
#include <stdint.h>

struct probe_elf_probe {
	const char *name;             /* the note's name: a C identifier ("request__start") */
	int nargs;
	const unsigned char *types;   /* enum usdtrace_type values, nargs of them */
	uint64_t fn_vaddr, sem_vaddr; /* out: where the function and the semaphore are */
};

/* Builds the image for provider `provider` and probes[0..n). Returns a malloc'd buffer and its
 * size in *size, filling each probe's fn_vaddr and sem_vaddr (addresses before the load bias);
 * NULL when out of memory. */
unsigned char *probe_elf_build(const char *provider, struct probe_elf_probe *probes, int n,
			       size_t *size);

/* The C spelling of a type for the type note ("int32_t", "string", "void *"), or NULL. */
const char *probe_elf_type_name(int type);
#endif
