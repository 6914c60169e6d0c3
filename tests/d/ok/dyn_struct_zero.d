/* @root */
/* Storing 0 to a self-> or associative array variable of struct or union type frees it, and
 * its space serves the next variable. A freed element no longer exists: dtrace reaches such
 * values by reference, so reading one afterwards faults at address 0 (a NULL reference), as
 * DTrace for Linux does. (A dynvarsize as tiny as 15 would be refused here: one element of
 * dtrace's pool, with k's string key, needs more.) */
#pragma D option quiet
#pragma D option dynvarsize=1024

union u { int a; };
this union u v;

BEGIN
{
	this->v.a = 5;
	self->one = this->v;
	self->one = 0;
	this->v.a = 6;
	self->two = this->v;
	k["x"] = this->v;
	k["x"] = 0;
	printf("%d\n", self->two.a);
}

BEGIN { printf("%d\n", self->one.a); }
BEGIN { printf("%d\n", k["x"].a); }

ERROR
{
	printf("fault %d at %x\n", arg4, arg5);
}

BEGIN
{
	exit(0);
}
