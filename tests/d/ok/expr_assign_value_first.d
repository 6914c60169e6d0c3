/* @root */
/* x = v evaluates v before the place x names (its keys, its index, its pointer): dtrace's
 * order for every kind of lvalue (dt_cg_asgn_op generates the right-hand side, then the
 * store, which computes the element's key or address). The Guide leaves the order of an
 * assignment's operands to the implementation; this is DTrace for Linux's, observed with
 *   dtrace -qn 'BEGIN { x = 1; a[x++] = x; printf("%d %d %d\n", x, a[1], a[2]); exit(0); }'
 * which prints "2 1 0" (the old x is stored under the old x). */
#pragma D option quiet

struct foo { int a; int b; };
struct foo sg[3];
int g[5];

BEGIN
{
	x = 1; a[x++] = x;
	printf("assoc %d %d %d\n", x, a[1], a[2]);
	x = 1; b[x] = x++;
	printf("assoc %d %d %d\n", x, b[1], b[2]);
	x = 1; self->s[x++] = x;
	printf("self %d %d %d\n", x, self->s[1], self->s[2]);
	x = 1; c[x] = (x = 5);
	printf("assoc %d %d %d\n", x, c[1], c[5]);
	x = 1; g[x++] = x;
	printf("global array %d %d %d\n", x, g[1], g[2]);
	x = 3; g[x] = x++;
	printf("global array %d %d %d\n", x, g[3], g[4]);
	p = (int *)alloca(4 * sizeof (int));
	x = 1; p[x++] = x;
	printf("alloca %d %d %d\n", x, p[1], p[2]);
	x = 1; *(p + x++) = x + 10;
	printf("alloca %d %d %d\n", x, p[1], p[2]);
	x = 1; sg[x++].a = x;
	printf("member %d %d %d\n", x, sg[1].a, sg[2].a);
	exit(0);
}
