/* bigstack.c — see bigstack.h. */
#include "bigstack.h"

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>

static __thread bool on_big_stack;

struct call {
	void (*fn)(void *);
	void *arg;
};

static void *trampoline(void *p)
{
	struct call *c = p;
	on_big_stack = true;
	c->fn(c->arg);
	return NULL;
}

void bigstack_run(void (*fn)(void *), void *arg)
{
	if (on_big_stack) {
		fn(arg);
		return;
	}
	struct call c = { fn, arg };
	pthread_attr_t attr;
	pthread_t th;
	sigset_t all, old;
	bool started = false;
	if (pthread_attr_init(&attr) == 0) {
		/* the new thread inherits the creator's mask: create it with everything blocked,
		 * so a signal meant for the process still finds the caller's handlers */
		sigfillset(&all);
		pthread_sigmask(SIG_SETMASK, &all, &old);
		started = pthread_attr_setstacksize(&attr, BIGSTACK_SIZE) == 0 &&
			  pthread_create(&th, &attr, trampoline, &c) == 0;
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		pthread_attr_destroy(&attr);
	}
	if (!started) {
		fn(arg);
		return;
	}
	pthread_join(th, NULL);
}

bool bigstack_active(void)
{
	return on_big_stack;
}
