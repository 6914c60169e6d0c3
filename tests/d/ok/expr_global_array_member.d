/* @root */
/* A member of a global array's element at a run-time index is stored in its own place, not
 * at the element's start: dtrace prints "0 1 5 5" for
 *   dtrace -qn 'struct foo { short a; char b; char c; }; struct foo g[3]; BEGIN { x = 2; g[x].c = 5; g[x].b++; printf("%d %d %d %d\n", g[2].a, g[2].b, g[2].c, g[x].c); exit(0); }'
 * The second half has elements larger than 8 bytes, which DTrace for Linux fails to load
 * ("BPF program load ... failed"); its values are the Guide's (C's) by hand. */
#pragma D option quiet

struct foo { short a; char b; char c; };
struct foo g[3];
struct big { long a; long b; long c; };
struct big bg[3];
struct big bh;
struct nm { char n[6]; int v; };
struct nm ng[2];

BEGIN
{
	x = 2;
	g[x].c = 5;
	g[x].b++;
	printf("%d %d %d %d\n", g[2].a, g[2].b, g[2].c, g[x].c);

	x = 1;
	bg[x].b = 5;
	bg[x].c += 7;
	bg[x].a++;
	printf("%d %d %d %d\n", bg[1].a, bg[1].b, bg[1].c, bg[x].b + bg[x].c);
	bh = bg[x];
	printf("%d\n", bh.c);
	ng[x].n[0] = 'h';
	ng[x].n[1] = 'i';
	ng[x].v = 3;
	printf("%s %d\n", ng[1].n, ng[x].v);
	exit(0);
}
