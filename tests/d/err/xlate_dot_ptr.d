/* @opts: -x errtags */
/* xlate<T *>(e) is a pointer: . does not apply. */
struct in { int i; char c; };
struct out { int oi; char oc; };
translator struct out < struct in *p > { oi = p->i; };
struct in *v;
BEGIN
{
	trace(xlate<struct out *>(v).oi);
}
