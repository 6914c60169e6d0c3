/* @opts: -x errtags */
/* A struct does not match a translator from a pointer to it. */
struct in { int i; char c; };
struct out { int oi; char oc; };
translator struct out < struct in *p > { oi = p->i; };
struct in v;
BEGIN
{
	trace(xlate<struct out>(v).oi);
}
