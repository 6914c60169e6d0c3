/* Storing 0 to a self-> or associative array variable of struct or union type frees it: it
 * reads as zeros afterwards, and its space serves the next variable (dynvarsize is tiny). */
#pragma D option quiet
#pragma D option dynvarsize=15

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
