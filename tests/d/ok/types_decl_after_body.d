/* A declaration may list several declarators after a struct, union or enum body, as in C
 * (Guide, "Structs and Unions", "Type and Constant Definitions": typedef struct s {...} s_t,
 * *s_p;): the `}` of a body is not the end of an item, so the names after it are declarators,
 * not probe descriptions. Output: DTrace for Linux's. */
#pragma D option quiet

typedef struct pair { int a; long b; } pair_t, *pair_p;
struct outer { struct inner { char c; } in; short s; } o1, o2;
enum color { RED, GREEN } c1, c2;
typedef union { int i; char ch[6]; } u_t, u2_t;

BEGIN
{
	o1.s = 3;
	o2.s = 4;
	c2 = GREEN;
	printf("%d %d %d %d %d\n", sizeof(pair_t), sizeof(pair_p), o1.s + o2.s, c2,
	    sizeof(u2_t));
	exit(0);
}
