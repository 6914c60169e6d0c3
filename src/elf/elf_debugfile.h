/* elf_debugfile.h — an object's separate debug file, found the ways gdb finds it:
 *  - by build ID, as Debian's -dbg/-dbgsym packages lay them out:
 *    /usr/lib/debug/.build-id/XX/YYYY.debug (XX the ID's first byte in hex, YYYY the rest);
 *  - by .gnu_debuglink (a file name and the CRC-32 of the debug file's bytes), looked for
 *    beside the object, in its directory's .debug/, and under /usr/lib/debug followed by the
 *    object's directory.
 *
 * Contract (the object's notes and debuglink section are hostile).
 *  - elf_debugfile_open reads the object's NT_GNU_BUILD_ID note (from its SHT_NOTE sections; an
 *    ID of 2 to 64 bytes) and opens the file named after it read-only; returns the descriptor
 *    (the caller closes it), or -1 when the object has no ID or there is no such file. dir
 *    overrides /usr/lib/debug (tests); NULL for the default.
 *  - elf_debugfile_open_link does the same by .gnu_debuglink. objdir is the object's directory
 *    as its process names it ("/usr/bin"); pid > 0 opens the first two candidates inside that
 *    process's root (proc_path.h), 0 in ours; the /usr/lib/debug candidate (dir, as above) is
 *    always ours. A candidate is taken only when its CRC-32 is the one the link names and it
 *    is not the object itself (self: the object's device and inode, 0 0 when unknown). A link
 *    whose name holds a '/' or is "." or ".." is ignored.
 *  - elf_debugfile_find tries the build ID, then the link.
 *  - elf_debugfile_build_id: the NT_GNU_BUILD_ID note's bytes into id (at most 64); their
 *    number, 0 when there is no such note. */
#ifndef USDTRACE_ELF_DEBUGFILE_H
#define USDTRACE_ELF_DEBUGFILE_H
#include <gelf.h>
#include <sys/types.h>

int elf_debugfile_open(Elf *elf, const char *dir);
int elf_debugfile_open_link(Elf *elf, const char *objdir, pid_t pid, const char *dir, dev_t self_dev,
			    ino_t self_ino);
size_t elf_debugfile_build_id(Elf *elf, unsigned char *id);
int elf_debugfile_find(Elf *elf, const char *objdir, pid_t pid, dev_t self_dev, ino_t self_ino);
#endif
