/* sigblock.c — see sigblock.h. */
#include "sigblock.h"

#include <pthread.h>
#include <stddef.h>

void sigblock_ending(sigset_t *old)
{
	static const int ending[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2 };
	sigset_t set;
	sigemptyset(&set);
	for (size_t i = 0; i < sizeof(ending) / sizeof(ending[0]); i++)
		sigaddset(&set, ending[i]);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

void sigblock_restore(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}
