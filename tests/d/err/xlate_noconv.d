/* @opts: -x errtags */
/* A member of the output type the translator does not define cannot be translated. */
struct in { int i; char c; };
struct out { int oi; char oc; };
translator struct out < struct in *p > { oi = p->i; };
struct in *v;
BEGIN
{
	trace(xlate<struct out *>(v)->oc);
}
