/* Without -C, dtrace's own #line N makes the line after it N + 1 (dt_pragma lowers the line
 * count for the directive's newline, sets N, then raises it again): the error is "line 101". */
BEGIN
{
#line 100
	x = ;
}
