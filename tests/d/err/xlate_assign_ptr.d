/* @opts: -x errtags */
/* A pointer to translated data is not a value usdtrace can store. */
struct in { int a; };
struct out { int b; };
translator struct out < struct in *p > { b = p->a; };
struct in *v;
BEGIN
{
	x = xlate<struct out *>(v);
}
