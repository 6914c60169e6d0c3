/* @root */
#pragma D option quiet
struct pt { int x; int y; char name[8]; };
struct pt g;
self struct pt sp;
this struct pt tp;
BEGIN { g.x = 1; g.y = 2; this->tp = g; self->sp = this->tp; self->sp.x = 10; a[1] = self->sp;
 printf("%d %d %d %d %d\n", g.x, g.y, this->tp.x, self->sp.x, a[1].x);
 exit(0); }
