/* dmn_sandbox.h — parsing an untrusted object's probes (stapsdt notes, DOF) in a child process
 * that holds nothing worth stealing, as DTrace's dtprobed parses DOF.
 *
 * The child is forked per object. Before it reads a byte of the object it maps the file
 * (read-only, private) from the descriptor the daemon opened, then gives up everything it does
 * not need: supplementary groups, then gid and uid 65534 ("nobody": with the uid change every
 * capability goes), PR_SET_NO_NEW_PRIVS, PR_SET_DUMPABLE 0, an alarm of 10 s against loops, and a
 * seccomp filter allowing only the system calls of memory allocation, writing to the result
 * pipe and exiting (anything else kills it). It parses the image from memory, encodes the
 * result as a stash record (stash_codec.h) and writes it to a pipe.
 *
 * Contract: sandbox_parse returns 0 with *out (a complete usdt_file, nothing shared with the
 * child) or -1 with a message in errbuf: the parser's refusal, or the child's death ("the
 * parser was killed by signal 31" for a forbidden system call, SIGALRM for a loop). The parent
 * trusts nothing from the pipe: the record is decoded with every bound checked, and a result
 * larger than 256 MiB is refused. */
#ifndef USDTRACE_DMN_SANDBOX_H
#define USDTRACE_DMN_SANDBOX_H
#include <stddef.h>
#include "usdt_note.h"

int sandbox_parse(int fd, const char *name, struct usdt_file **out, char *errbuf, size_t errlen);
#endif
