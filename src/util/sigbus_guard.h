/* sigbus_guard.h — reading mapped files that shrink under us.
 *
 * A page of a file mapping that lies past the file's end, once the file was truncated, raises
 * SIGBUS when read. usdtrace's own ELF reading uses bounded reads (libelf's ELF_C_READ), but
 * libdw maps the files it reads (DWARF, separate debug files), and those files belong to anyone.
 *
 * Contract: sigbus_guard_install() (idempotent, not thread-safe on the first call) installs a
 * SIGBUS handler for the whole process. On a SIGBUS for an address past the end of a file
 * mapping (si_code BUS_ADRERR), the page is replaced by a private page of zeros and the read is
 * retried: the reader sees zeros, which every parser of outside input must survive anyway, and
 * sigbus_guard_hits() counts it. Any other SIGBUS restores the default action, so the fault kills
 * the process as it would have. */
#ifndef USDTRACE_SIGBUS_GUARD_H
#define USDTRACE_SIGBUS_GUARD_H
void sigbus_guard_install(void);
unsigned long sigbus_guard_hits(void);
#endif
