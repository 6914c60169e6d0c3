/* @opts: -x errtags */
/* A translator may only define members of its output type. */
struct in { int i; char c; };
struct out { int oi; char oc; };
translator struct out < struct in *p >
{
	oi = p->i;
	other = p->c;
};
