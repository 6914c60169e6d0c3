/* @root */
/* self and this declarations may leave out the type: the variable is an int (dtrace's default
 * when a declaration has no type specifier). A global of the same name is another variable. */
#pragma D option quiet

self x, y;
this z;

BEGIN
{
	x = "a global string";
	self->x = 5;
	this->z = self->x + 1;
	printf("%d %d %d %s\n", self->x, this->z, self->y, x);
	exit(0);
}
