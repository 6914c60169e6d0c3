/* @opts: -x errtags */
/* Translated data cannot be cast (the error is on the line after the xlate's ")", where
 * dtrace reports it). */
struct in { int i; char c; };
struct out { int oi; char oc; };
translator struct out < struct in *p > { oi = p->i; };
struct in *v;
BEGIN
{
	x = (long)xlate<struct out>(v)
	;
}
