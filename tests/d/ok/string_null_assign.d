/* @root */
/* NULL (0) may be assigned to a string variable of any kind, as in dtrace (its string is a char
 * array, so 0 converts to it); the variable then compares equal to NULL. */
#pragma D option quiet

BEGIN
{
	s = "text";
	this->t = "text";
	self->u = "text";
	a["k"] = "text";
	printf("%d %d %d %d\n", s == NULL, this->t == NULL, self->u == NULL, a["k"] == NULL);
	s = NULL;
	this->t = NULL;
	self->u = NULL;
	a["k"] = NULL;
	printf("%d %d %d %d\n", s == NULL, this->t == NULL, self->u == NULL, a["k"] == NULL);
	exit(0);
}
