/* @opts: -q */
/* dtrace ignores short before a typedef name (observed: `short myint x;` declares an int,
 * where signed, unsigned and long are refused). */
typedef int myint;
short myint x;
BEGIN { x = 70000; printf("%d %d\n", x, sizeof(x)); exit(0); }
