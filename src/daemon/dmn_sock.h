/* dmn_sock.h — usdtraced's registration socket, DIR/usdtraced.sock (a Unix stream socket,
 * mode 0666: any process may register its own probes). One request per connection, one line:
 *
 *   REGISTER\n  with one file descriptor attached (SCM_RIGHTS): an object (ELF with stapsdt
 *               notes or .SUNW_dof) that the calling process (SO_PEERCRED) maps. The daemon
 *               checks that it does, then updates the caller's stash directory at once (the
 *               object parsed in the sandbox), so the probes are listed as soon as the reply
 *               arrives, without waiting for the mmap event.
 *               Reply: "OK N\n" (N: the probe sites of the object) or "ERR message\n".
 *               Logged on stderr ("process PID registered DEV-INO (N probe sites)").
 *   UPDATE\n    the caller's maps read again now (libusdtrace-probe after an unload: an
 *               munmap makes no event). Reply: "OK N\n", N its probe-carrying objects.
 *   LIST\n      Reply: one line per probe of every process in the stash,
 *               "PID\tPROVIDER\tMODULE\tFUNCTION\tNAME\n" (FUNCTION "" when unknown), then
 *               "OK N\n" (N: the number of lines).
 * Anything else: "ERR unknown request\n". A client has one second to send its request.
 *
 * Contract: dmn_sock_open binds (replacing a stale socket file) and listens; dmn_sock_serve
 * accepts and answers one connection, never blocking longer than the client's second. */
#ifndef USDTRACE_DMN_SOCK_H
#define USDTRACE_DMN_SOCK_H
#include <stddef.h>

#include "dmn_registry.h"

int dmn_sock_open(const char *dir, char *errbuf, size_t errlen);
void dmn_sock_serve(int lfd, struct dmn_registry *r, const char *dir);
#endif
