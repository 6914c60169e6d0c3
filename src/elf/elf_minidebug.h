/* elf_minidebug.h — MiniDebugInfo: the .gnu_debugdata section some distributions (Fedora, RHEL,
 * CentOS) leave in stripped binaries: an xz stream holding a small ELF object whose .symtab
 * names the functions .dynsym does not (the static ones), so a stripped program's functions
 * still have names. gdb reads it; so does usym.c, beside .dynsym.
 *
 * Contract (the section's bytes are hostile).
 *  - elf_minidebug_decode: one xz stream (liblzma's decoder, its memory use limited) into a
 *    malloc'd buffer of at most max bytes. 0 with *out and *outlen (the caller frees *out); -1
 *    with a message ("not xz data", "corrupt xz data", "truncated xz data", "decompresses to
 *    more than N bytes", "xz data after the stream's end") for anything else.
 *  - elf_minidebug_open: the .gnu_debugdata of elf (at most ELF_MINIDEBUG_MAX bytes once
 *    decompressed) opened as a 64-bit ELF object from memory. 0 with *md (its elf handle is
 *    valid until elf_minidebug_close), 1 when elf has no such section, -1 with a message for
 *    one that cannot be used. elf_minidebug_close is safe on a zeroed or failed handle. */
#ifndef USDTRACE_ELF_MINIDEBUG_H
#define USDTRACE_ELF_MINIDEBUG_H
#include <gelf.h>
#include <stddef.h>
#include <stdint.h>

/* Fedora's largest MiniDebugInfo (of a binary of hundreds of MB) decompresses to a few MB. */
#define ELF_MINIDEBUG_MAX (64u << 20)

struct elf_minidebug {
	Elf *elf;
	unsigned char *image;   /* the decompressed bytes libelf reads */
	size_t size;
};

int elf_minidebug_decode(const uint8_t *xz, size_t len, size_t max, unsigned char **out,
			 size_t *outlen, char *err, size_t errlen);
int elf_minidebug_open(Elf *elf, struct elf_minidebug *md, char *err, size_t errlen);
void elf_minidebug_close(struct elf_minidebug *md);
#endif
