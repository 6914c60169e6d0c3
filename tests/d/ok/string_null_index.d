/* @root */
/* A string variable assigned NULL holds D's NULL string: indexing it reads address 0 + i, a bad
 * address fault, for every kind of variable (a missing element of an associative array is NULL
 * too). Assigned a string again, it indexes as usual. */
#pragma D option quiet

BEGIN
{
	s = "abc";
	s = NULL;
	trace(s[2]);
}

BEGIN
{
	this->t = "abc";
	this->t = NULL;
	trace(this->t[3]);
}

BEGIN
{
	self->u = "abc";
	self->u = NULL;
	trace(self->u[4]);
}

BEGIN
{
	a[1] = "abc";
	a[1] = NULL;
	trace(a[1][5]);
}

BEGIN
{
	trace(a[2][6]);
}

BEGIN
{
	s = "xyz";
	printf("%c\n", s[1]);
	exit(0);
}

ERROR
{
	printf("clause %d fault %d addr %d\n", arg2, arg4, arg5);
}
