/* @root */
/* index()/rindex() return zero-based positions or -1. The optional start position follows
 * DTrace for Linux (bpf/index.S, bpf/rindex.S, dt_cg.c's dt_cg_subr_rindex): index() clamps a
 * negative start to 0 and finds nothing past len - strlen(t), not even ""; rindex() finds
 * nothing from a negative start, not even "" (Perl and illumos find "" there). */
#pragma D option quiet

BEGIN
{
	s = "hello";
	printf("%d %d %d\n", index(s, "l"), rindex(s, "l"), index(s, "z"));
	printf("%d %d %d\n", index(s, "l", 3), index(s, "l", 10), index(s, "l", -5));
	printf("%d %d\n", rindex(s, "l", 2), rindex(s, "l", 1));
	printf("%d %d %d\n", index(s, "lo"), rindex("abcabc", "abc"), index("abcabc", "abc"));
	printf("%d %d %d\n", index(s, ""), rindex(s, ""), index(s, "", 10));
	printf("%d %d %d\n", index(s, "", 5), index(s, "", -3), rindex(s, "", -1));
	printf("%d %d %d\n", index("", "", 1), rindex("", "", -1), rindex(s, "", 100));
	exit(0);
}
