/* A translator member of an anonymous struct type given an int: D_XLATE_INCOMPAT, the
 * anonymous struct named by its keyword alone ("struct "), as CTF names it for dtrace and as
 * DTrace for Linux prints it for this program. */
struct out { struct { int a; } in; };

translator struct out < int t > { in = t; };

BEGIN
{
	exit(0);
}
