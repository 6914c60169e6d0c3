/* @root */
/* A struct-valued element of an associative array or a self-> variable is reached by
 * reference in dtrace: an element that does not exist (never stored, or deleted by storing 0)
 * is a NULL reference, so reading it, reading a member, or storing to a member faults at
 * address 0. Only a store of the whole struct creates the element. */
#pragma D option quiet

struct pt { int x; int y; };
struct pt g;
struct pt a[int];
self struct pt s;

BEGIN { g.x = 4; g.y = 5; a[1] = g; self->s = g; printf("%d %d %d\n", a[1].x, a[1].y, self->s.y); }
BEGIN { printf("%d\n", a[2].x); }
BEGIN { self->s = 0; printf("%d\n", self->s.x); }
BEGIN { a[3].y = 7; }
BEGIN { a[4].x++; }
BEGIN { trace(a[5]); }
BEGIN { this->c = a[6]; }
BEGIN { a[1].x += 10; printf("%d\n", a[1].x); }

ERROR
{
	printf("fault %d at %x\n", arg4, arg5);
}

BEGIN
{
	exit(0);
}
