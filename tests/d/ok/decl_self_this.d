/* @root */
/* self and this declarations, scalar and keyed (Guide, "Thread-Local Variables", "Clause-Local Variables"). */
#pragma D option quiet
self int t;
self int k[int];
this int c;
BEGIN
{
	self->t = 3;
	self->k[1] = 2;
	this->c = 4;
	printf("%d %d %d\n", self->t, self->k[1], this->c);
	exit(0);
}
