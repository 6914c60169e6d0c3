/* @opts: -x errtags */
/* A translator's members are in braces. */
struct in { int i; char c; };
struct out { int oi; char oc; };
translator struct out < struct in *p >
	oi = p->i;
;
