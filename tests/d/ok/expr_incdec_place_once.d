/* @root */
/* ++ and -- (and op=) locate their operand once: g[x++]++ steps g[1] and x once, as in C
 * (the Guide: D's increment and compound assignment operators are C's, and C evaluates the
 * operand E1 of E1 op= E2 once). DTrace for Linux agrees for ++ and -- on global array
 * elements and members:
 *   dtrace -qn 'int g[5]; BEGIN { x = 1; g[x++]++; printf("%d %d %d\n", x, g[1], g[2]); exit(0); }'
 * prints "2 1 0". (It evaluates the operand twice for op= on an array element, `g[x++] += 5`
 * storing at g[2] with x = 3, and for ++ on an associative array element: a bug, not followed;
 * the op= lines below are the Guide's values.) */
#pragma D option quiet

struct foo { int a; int b; };
struct foo sg[3];
int g[5];

BEGIN
{
	x = 1; g[x++]++;
	printf("%d %d %d\n", x, g[1], g[2]);
	x = 3; ++g[x++];
	printf("%d %d %d\n", x, g[3], g[4]);
	x = 1; printf("%d", g[x++]--);
	printf(" %d %d %d\n", x, g[1], g[2]);
	x = 1; sg[x++].a++;
	printf("%d %d %d\n", x, sg[1].a, sg[2].a);
	x = 1; g[x++] += 5;
	printf("%d %d %d\n", x, g[1], g[2]);
	g[0] = 1; x = 0; g[x++] <<= x + 2;
	printf("%d %d %d\n", x, g[0], g[1]);
	exit(0);
}
