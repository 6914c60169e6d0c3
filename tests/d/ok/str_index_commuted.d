/* E1[E2] is *(E1 + E2) (Guide, "Pointers and Arrays"), and D lets a string stand for a pointer
 * in additive expressions, so an integer indexed by a string picks the string's character as
 * the string indexed by the integer does: DTrace for Linux prints 99 for 2["abc"]. */
#pragma D option quiet

BEGIN
{
	s = "hello";
	printf("%d %c %c\n", 2["abc"], 4[s], 1[s]);
	exit(0);
}
