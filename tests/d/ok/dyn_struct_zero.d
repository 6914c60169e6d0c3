/* @root */
/* Storing 0 to a self-> or associative array variable of struct or union type frees it: it
 * reads as zeros afterwards, and its space serves the next variable. (A dynvarsize as tiny as
 * 15 would be refused here: one element of dtrace's pool, with k's string key, needs more.) */
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
	printf("%d %d %d\n", self->one.a, self->two.a, k["x"].a);
	exit(0);
}
