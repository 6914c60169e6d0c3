/* @opts: -q */
/* E1[E2] is *(E1 + E2) (Guide, "Pointers and Arrays"), so an integer indexed by an array
 * reads the same element as the array indexed by it: dtrace prints 5 5. */
int a[4];
BEGIN
{
	a[1] = 5;
	printf("%d %d\n", 1[a], a[1]);
	exit(0);
}
