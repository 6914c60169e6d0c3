/* A translator that translates through itself never ends: a limit stops it (while its
 * definition is checked). */
struct in { int i; char c; };
struct out { int oi; char oc; };
translator struct out < struct in *p > { oi = xlate<struct out *>(p)->oi; };
struct in *v;
BEGIN
{
	trace(xlate<struct out *>(v)->oi);
}
