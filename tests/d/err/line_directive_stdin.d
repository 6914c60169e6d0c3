/* "/dev/stdin" is dtrace's name for the program itself: after #line 7 "/dev/stdin" the
 * messages name no file. */
BEGIN
{
#line 7 "/dev/stdin"
	x = ;
}
