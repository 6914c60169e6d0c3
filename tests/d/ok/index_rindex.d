/* @root */
/* index()/rindex() return zero-based positions or -1, with Perl's rules for the optional
 * start position (dtrace_dif.c, DIF_SUBR_INDEX/RINDEX). */
#pragma D option quiet

BEGIN
{
	s = "hello";
	printf("%d %d %d\n", index(s, "l"), rindex(s, "l"), index(s, "z"));
	printf("%d %d %d\n", index(s, "l", 3), index(s, "l", 10), index(s, "l", -5));
	printf("%d %d\n", rindex(s, "l", 2), rindex(s, "l", 1));
	printf("%d %d %d\n", index(s, "lo"), rindex("abcabc", "abc"), index("abcabc", "abc"));
	printf("%d %d %d\n", index(s, ""), rindex(s, ""), index(s, "", 10));
	exit(0);
}
