/* @root */
/* self and this are storage classes and D's default type is int: `self x;` declares an int. */
#pragma D option quiet
self x, y;
this z;

BEGIN
{
	self->x = 3;
	this->z = 4;
	printf("%d %d %d\n", self->x, self->y, this->z);
	exit(0);
}
