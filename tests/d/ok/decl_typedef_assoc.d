/* @opts: -q */
/* The Guide has no associative array type, yet dtrace accepts `typedef int t[int];` and uses
 * the name as it uses void: a pointer to it is an ordinary pointer (observed). */
typedef int t[int];
t *p;
BEGIN { printf("%d %d\n", sizeof(t *), sizeof(p)); exit(0); }
