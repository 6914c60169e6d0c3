/* @opts: -x errtags */
/* A member's expression is checked with the parameter of the input type. */
struct in { int i; char c; };
struct out { int oi; char oc; };
translator struct out < struct in *p >
{
	oi = p->missing;
};
