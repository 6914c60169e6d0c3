/* "#pragma line N" is dtrace's #line: the line after it is N + 1 (observed with dtrace -s;
 * dt_pragma counts the directive's own newline after setting the line) */
#pragma line 40
BEGIN
{
	nosuchfunc_x();
}
