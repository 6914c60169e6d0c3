/* @opts: -x errtags */
/* usdtrace uses translated data only through its members. */
struct in { int i; char c; };
struct out { int oi; char oc; };
translator struct out < struct in *p > { oi = p->i; };
struct in *v;
BEGIN
{
	trace(xlate<struct out *>(v));
}
