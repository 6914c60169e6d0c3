/* @root */
/* A pointer made from alloca() memory stays an alloca() pointer however far it is moved: a
 * read or a store through it beyond all of the tracer's scratch memory faults as one just past
 * the buffer does, naming the address as D sees it (the offset counted from 8: x[5000] of a
 * 10-byte buffer is 0x1390, x[100000] 0x186a8), not whatever lies in memory there. A
 * bcopy() destination so moved is named the same way, after a source that cannot be read at
 * all (0x0). One set to NULL after its alloca() is no place in it: NULL + 50 is named as
 * itself (0x32), as a bcopy() destination too. A pointer kept inside alloca()'d memory (t below) is what was stored, not
 * alloca memory: it reads as any kernel pointer. Expectation: dtrace's output for the first
 * seven clauses; dtrace
 * faults the last clause's t->pid (its taint follows `->` out of the buffer), which the Guide
 * gives no reason for. */
#pragma D option quiet

struct holder { struct task_struct *t; int a[4]; };

BEGIN
{
	x = (char *)alloca(10);
	trace(x[5000]);
}

BEGIN
{
	x = (char *)alloca(10);
	x[100000] = 1;
}

BEGIN
{
	this->p = (int *)alloca(16);
	this->q = this->p + 100000;
	trace(*this->q);
}

BEGIN
{
	x = (char *)alloca(8);
	bcopy(execname, x + 5000, 4);
}

BEGIN
{
	x = (char *)alloca(8);
	bcopy((void *)0, x + 100, 4);
}

BEGIN
{
	x = (char *)alloca(10);
	x = NULL;
	x[50] = 4;
}

BEGIN
{
	x = (char *)alloca(10);
	x = NULL;
	bcopy("abc", x + 50, 3);
}

BEGIN
{
	this->h = (struct holder *)alloca(sizeof (struct holder));
	this->h->t = curthread;
	this->h->a[1] = 5;
	printf("%d %d %d\n", this->h->t->pid == pid, this->h->a[1], *(this->h->a + 1));
	exit(0);
}
