/* The difference of a pointer into alloca() memory and one that is not means nothing: dtrace
 * refuses it while it checks the clause ("adding or subtracting pointers to alloca and
 * non-alloca space is meaningless"), whichever side the alloca pointer is on; a variable
 * assigned an alloca pointer is one (here through a self-> variable). The message is
 * DTrace for Linux's, from dtrace -s of this file. */
BEGIN
{
	self->p = (char *)alloca(8);
	q = (char *)0;
	trace(self->p + 1 - self->p);
	trace(q - self->p);
	exit(0);
}
