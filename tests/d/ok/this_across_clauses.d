/* @root */
/* this-> variables are shared by the clauses of one probe firing (Dynamic Tracing Guide,
 * "Clause-Local Variables"). */
#pragma D option quiet

BEGIN
{
	this->v = 42;
	this->s = "clause";
}

BEGIN
{
	this->v++;
	printf("%d %s\n", this->v, this->s);
	exit(0);
}
