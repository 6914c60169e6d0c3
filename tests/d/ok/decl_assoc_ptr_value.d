/* @opts: -q */
/* An associative array's declarator takes pointer declarators before its name, as any
 * declarator does (Guide, "Pointers and Arrays" and "Associative Arrays": the element type
 * is the declared type): `int *a[int]` maps ints to int pointers. dtrace accepts all of these. */
int *a[int];
char **b[string, int];
int * const c[int];
self void *d[int];
BEGIN
{
	a[1] = (int *)8;
	a[2] = a[1] + 1;
	b["x", 1] = 0;
	printf("%d %d %d %d\n", (long)a[2], sizeof(a[1]), sizeof(*a[1]), sizeof(*b["x", 1]));
	exit(0);
}
