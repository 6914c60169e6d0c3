/* @opts: -x errtags */
/* A member's expression must be assignable to the member (here a string to an int). */
struct in { int i; char c; };
struct out { int oi; char oc; };
translator struct out < struct in *p >
{
	oi = "one";
};
