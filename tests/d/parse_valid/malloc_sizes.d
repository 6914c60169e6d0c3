#!/usr/sbin/dtrace -qs
/*
 * malloc sizes by stack
 */
#pragma D option quiet
#pragma D option aggsize=8m

inline int TOP = 10;

dtrace:::BEGIN
{
	printf("Tracing... Hit Ctrl-C to end.\n");
	start = timestamp;
}

pid$target::malloc:entry
/arg0 >= $2 && (execname == "postgres" || pid == $target)/
{
	@sizes[ustack(5)] = quantize(arg0);
	@total = sum(arg0);
	self->size = arg0;
	self->ts = vtimestamp;
}

pid$target::malloc:return
/self->ts/
{
	this->delta = vtimestamp - self->ts;
	@lat["malloc", probefunc] = avg(this->delta);
	@lin = lquantize(this->delta / 1000, 0, 100, 10);
	self->ts = 0;
	self->size = 0;
}

python$target:::function-entry
{
	self->depth++;
	printf("%*s-> %s:%s:%d\n", self->depth * 2, "", copyinstr(arg0), copyinstr(arg1), arg2);
}

postgresql*:::query-start
{
	self->query = copyinstr(arg0);
	self->qstart[pid, tid] = timestamp;
}

profile:::tick-1sec
/++ticks == 10/
{
	trunc(@sizes, TOP);
	printa("%-60k %@d\n", @sizes);
	normalize(@lat, 1000);
	printa(@lat);
	exit(0);
}

syscall::open*:entry,
syscall::openat:entry
{
	printf("%s %s\n", execname, probefunc == "openat" ? copyinstr(arg1) : copyinstr(arg0));
}

END
{
	printf("%Y elapsed %d ms\n", walltimestamp, (timestamp - start) / 1000000);
	printa(@total);
}
