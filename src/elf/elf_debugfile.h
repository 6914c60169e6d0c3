/* elf_debugfile.h — an object's separate debug file, found by its build ID the way gdb and
 * Debian's -dbg/-dbgsym packages lay them out: /usr/lib/debug/.build-id/XX/YYYY.debug (XX the
 * ID's first byte in hex, YYYY the rest).
 *
 * Contract: elf_debugfile_open reads the object's NT_GNU_BUILD_ID note (from its SHT_NOTE
 * sections; an ID of 1 to 64 bytes) and opens the file named after it read-only; returns the
 * descriptor (the caller closes it), or -1 when the object has no ID or there is no such file.
 * dir overrides /usr/lib/debug (tests); NULL for the default. */
#ifndef USDTRACE_ELF_DEBUGFILE_H
#define USDTRACE_ELF_DEBUGFILE_H
#include <gelf.h>

int elf_debugfile_open(Elf *elf, const char *dir);
#endif
