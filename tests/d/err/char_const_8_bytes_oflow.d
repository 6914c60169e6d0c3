/* 8 bytes whose first has its high bit set: no signed type holds the value, and dtrace types
 * a character constant as a decimal one (int, long, long long: D_INT_OFLOW). */
BEGIN
{
	x = '\377abcdefg';
}
