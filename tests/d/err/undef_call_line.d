/* @opts: -x errtags */
/* The call of an undefined name is reported where dtrace builds it: at its closing `)`
 * (dtrace -x errtags -e -s undef_call_line.d). */
BEGIN
{
	prinf("%d %d\n",
	    1,
	    2);
}
