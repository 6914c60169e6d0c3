/* @opts: -x errtags */
/* A translated struct is assigned only to a struct of its type. */
struct in { int a; };
struct out { int b; };
struct other { int b; };
translator struct out < struct in *p > { b = p->a; };
struct in *v;
struct other o;
BEGIN
{
	o = xlate<struct out>(v);
}
