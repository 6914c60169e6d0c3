/* sigblock.h — keeping the signals that end a process by default away from uprobe
 * registration.
 *
 * Why: one of them arriving unhandled while the kernel registers or unregisters a uprobe (a
 * group exit sends every thread SIGKILL) makes the kernel give up on that uprobe ("failed to
 * unregister, leaking uprobe"): its int3 stays in the target, and, as the uprobe does not keep
 * its inode, a later file reusing the inode can meet the stale instruction copy. So the
 * threads that register or unregister block them meanwhile, and threads of our own block them
 * for good; the signal is delivered once the mask is restored, and ends the process then.
 *
 * Contract: sigblock_ending blocks, in the calling thread, SIGINT, SIGTERM, SIGHUP, SIGQUIT,
 * SIGALRM, SIGUSR1 and SIGUSR2, saving the mask in *old; sigblock_restore puts it back. */
#ifndef USDTRACE_SIGBLOCK_H
#define USDTRACE_SIGBLOCK_H
#include <signal.h>

void sigblock_ending(sigset_t *old);
void sigblock_restore(const sigset_t *old);
#endif
