/* @opts: -x errtags */
/* A malformed printf() conversion is a D_SYNTAX error; two stars before the dot are two
 * widths. */
BEGIN
{
	printf("%**d", 1, 2);
}
