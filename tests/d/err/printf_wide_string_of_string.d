/* %ls wants dtrace's wchar_t [] (an array of 4-byte integers); a string is refused with the
 * argument-type message (observed: dtrace -n 'BEGIN { printf("%ls", "abc"); }'). */
BEGIN
{
	printf("%ls\n", "abc");
}
