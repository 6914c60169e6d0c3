/* The checker's errors after a #line naming a file name it too. */
#line 20 "elsewhere.d"
BEGIN
{
	trace(nosuch);
	exit(0);
}
