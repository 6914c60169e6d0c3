/* @root */
/* ++/-- on thread-local, clause-local and associative-array lvalues, and on a new name, which
 * ++ creates as an int64_t starting at 0 (dt_parser.c, dt_cook_op1). */
#pragma D option quiet

BEGIN
{
	self->t = 1;
	self->t++;
	this->c = 10;
	--this->c;
	a["k"] = 100;
	a["k"]++;
	a["new"]++;
	fresh++;
	printf("%d %d %d %d %d\n", self->t, this->c, a["k"], a["new"], fresh);
	exit(0);
}
