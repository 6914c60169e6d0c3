/* @root */
/* A struct value may be assigned wherever a struct lives (the Guide, "Structs and Unions":
 * structs are assigned as wholes): into alloca'd memory through a pointer (*p = h, p->f = h)
 * and into a global array's element at an index known only at run time (g[x] = h). The values
 * are DTrace for Linux's, e.g.
 *   dtrace -qn 'struct foo { int a; int b; }; struct foo h; BEGIN { p = (struct foo *)alloca(sizeof(struct foo)); h.a = 5; *p = h; printf("%d\n", p->a); exit(0); }'
 * prints 5. */
#pragma D option quiet

struct foo { int a; int b; };
struct bar { struct foo f; int c; };
struct foo g[3];
struct foo h;

BEGIN
{
	h.a = 5; h.b = 6;
	p = (struct foo *)alloca(sizeof (struct foo));
	*p = h;
	printf("%d %d\n", p->a, p->b);
	q = (struct bar *)alloca(sizeof (struct bar));
	q->c = 7;
	q->f = h;
	printf("%d %d %d\n", q->f.a, q->f.b, q->c);
	x = 2;
	g[x] = h;
	printf("%d %d %d\n", g[1].a, g[2].a, g[2].b);
	exit(0);
}
