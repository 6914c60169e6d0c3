/* stash_walk — the part of `usdtrace -l` and of a system-wide trace start that usdtraced
 * replaces, timed alone: every process's probe-carrying objects found and their probes parsed
 * (uprov_foreach_process, as usdt_prov.c's scan does), from /proc and ELF or from the stash.
 *
 *   stash_walk DIR|-     "-": /proc; DIR: the stash (falls back to /proc without a live daemon)
 * Prints "wall_ms cpu_ms processes objects_with_probes". */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "stash.h"
#include "usdt_prov.h"

struct count { int procs, objs; struct uprov *u; };

static void each(const struct proc_maps *m, void *arg)
{
	struct count *c = arg;
	c->procs++;
	for (int k = 0; k < m->nobjs; k++) {
		const struct proc_object *o = &m->objs[k];
		struct usdt_cached *cf = usdt_cache_peek(&c->u->cache, o->dev, o->ino, o->open_path);
		if (cf->f && cf->f->nsites > 0)
			c->objs++;
	}
}

static double ms(struct timespec a, struct timespec b)
{
	return (double)(b.tv_sec - a.tv_sec) * 1e3 + (double)(b.tv_nsec - a.tv_nsec) / 1e6;
}

static double cpu_ms(void)
{
	struct rusage r;
	getrusage(RUSAGE_SELF, &r);
	return (double)(r.ru_utime.tv_sec + r.ru_stime.tv_sec) * 1e3 +
	       (double)(r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e3;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: stash_walk DIR|-\n");
		return 2;
	}
	struct uprov u;
	uprov_init(&u, 1);
	if (strcmp(argv[1], "-") != 0) {
		u.walk = stash_maps_foreach;
		u.walk_dir = argv[1];
	}
	struct count c = { 0, 0, &u };
	struct timespec a, b;
	double c0 = cpu_ms();
	clock_gettime(CLOCK_MONOTONIC, &a);
	uprov_foreach_process(&u, each, &c);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%.3f %.3f %d %d\n", ms(a, b), cpu_ms() - c0, c.procs, c.objs);
	uprov_free(&u);
	return 0;
}
