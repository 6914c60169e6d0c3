/* @root */
/* @opts: -x droptags */
/*
 * Every associative array and self-> variable draws from one pool of dynvarsize bytes (the
 * Guide, "Variables" and "Options and Tunables"): here an element takes a 16-byte tuple (a
 * variable id, the int key, the thread key) and a 4-byte value, so dynvarsize=100 holds five,
 * whichever variables they belong to. When a[] and self->x have taken all five, b[1] finds
 * no room (a drop that ends its clause); assigning 0 to a[2] frees an element that b[1] then
 * takes, and freeing self->x makes room for self->y. DTrace for Linux prints exactly this.
 */
#pragma D option quiet
#pragma D option dynvarsize=100

BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	a[4] = 4;
	self->x = 5;
}

BEGIN
{
	b[1] = 10;
	printf("not reached: b[1] = %d\n", b[1]);
}

BEGIN
{
	printf("b[1] with the pool full: %d\n", b[1]);
	a[2] = 0;
	b[1] = 10;
	printf("b[1] after a[2] = 0: %d\n", b[1]);
}

BEGIN
{
	self->y = 6;
	printf("not reached: self->y = %d\n", self->y);
}

BEGIN
{
	self->x = 0;
	self->y = 6;
	printf("self->y after self->x = 0: %d\n", self->y);
	printf("a: %d %d %d %d\n", a[1], a[2], a[3], a[4]);
	exit(0);
}
