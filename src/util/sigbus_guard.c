/* sigbus_guard.c — see sigbus_guard.h. */
#include "sigbus_guard.h"

#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static volatile sig_atomic_t installed;
static volatile unsigned long hits;

static void on_sigbus(int sig, siginfo_t *si, void *uctx)
{
	(void)uctx;
	if (si->si_code == BUS_ADRERR) {
		long pg = sysconf(_SC_PAGESIZE); /* async-signal-safe in glibc: a constant */
		uintptr_t a = (uintptr_t)si->si_addr & ~((uintptr_t)pg - 1);
		/* mmap is a plain system call: safe here. MAP_FIXED replaces just this page of the
		 * mapping; its owner's munmap later removes it with the rest. */
		if (mmap((void *)a, (size_t)pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
			hits++;
			return;
		}
	}
	/* not ours: let the fault happen again, unhandled */
	struct sigaction dfl;
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigaction(sig, &dfl, NULL);
}

void sigbus_guard_install(void)
{
	if (installed)
		return;
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sigbus;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGBUS, &sa, NULL) == 0)
		installed = 1;
}

unsigned long sigbus_guard_hits(void)
{
	return hits;
}
