/* @root */
/* A struct-valued element of an associative array or a self-> variable that does not exist
 * (never stored, or deleted by storing 0) reads as zeros, and a member store or ++/+= creates
 * it zero-filled first: the reference design faults by-reference elements in on any access,
 * which the Guide's "Structs and Unions" examples (i[probefunc].calls++ on a new key) rely on.
 * DTrace for Linux faults at address 0 on these (not followed). */
#pragma D option quiet

struct pt { int x; int y; };
struct pt g;
struct pt a[int];
self struct pt s;

BEGIN { g.x = 4; g.y = 5; a[1] = g; self->s = g; printf("%d %d %d\n", a[1].x, a[1].y, self->s.y); }
BEGIN { printf("%d\n", a[2].x); }
BEGIN { self->s = 0; printf("%d\n", self->s.x); }
BEGIN { a[3].y = 7; printf("%d %d\n", a[3].x, a[3].y); }
BEGIN { a[4].x++; a[4].x++; printf("%d %d\n", a[4].x, a[4].y); }
BEGIN { self->s.y += 3; printf("%d %d\n", self->s.x, self->s.y); }
BEGIN { this->c = a[6]; printf("%d %d\n", this->c.x, this->c.y); }
BEGIN { a[1].x += 10; printf("%d\n", a[1].x); }

ERROR
{
	printf("fault %d at %x\n", arg4, arg5);
}

BEGIN
{
	exit(0);
}
