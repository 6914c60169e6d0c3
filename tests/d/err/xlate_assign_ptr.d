/* @opts: -x errtags */
/* A pointer to translated data is of dtrace's dynamic type: no variable holds it (observed:
 * dtrace -s names the new variable by its kind, "scalar"). */
struct in { int a; };
struct out { int b; };
translator struct out < struct in *p > { b = p->a; };
struct in *v;
BEGIN
{
	x = xlate<struct out *>(v);
}
