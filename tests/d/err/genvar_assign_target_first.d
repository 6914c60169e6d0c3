/* s.m = v: dtrace cooks an assignment's target before its value (dt_cook_op2), so a
 * member the struct lacks is reported, not the undefined name in the value (observed:
 * dtrace -s of this script). */
struct S {
	int a;
} s;

BEGIN
{
	s.missing = undefined_value; /* error here */
}
