/*
 * Associative arrays take tuples of any arity the implementation can build (Guide,
 * "Associative Arrays"); DTrace for Linux builds nine keys (its tuple bound lets the 9th
 * through: dtrace -n 'BEGIN { a[1,2,3,4,5,6,7,8,9] = 1; }' runs), global and self-> alike,
 * keys of mixed types included.
 */
#pragma D option quiet
BEGIN
{
	a[1, 2, 3, 4, 5, 6, 7, 8, 9] = 45;
	self->b["a", 2, "c", 4, "e", 6, "g", 8, "i"] = 9;
	printf("%d %d\n", a[1, 2, 3, 4, 5, 6, 7, 8, 9], a[1, 2, 3, 4, 5, 6, 7, 8, 0]);
	printf("%d %d\n", self->b["a", 2, "c", 4, "e", 6, "g", 8, "i"],
	    self->b["a", 2, "c", 4, "e", 6, "g", 8, "j"]);
	exit(0);
}
