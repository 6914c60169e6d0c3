/* @root */
/* @opts: -x strsize=8 */
/* Strings are strsize bytes: longer values keep their first 8 bytes (dtrace_dif.c stores
 * strings with dtrace_strcpy/dtrace_store_by_ref, bounded by strsize; dt_printf.c prints at
 * most the record's size). */
#pragma D option quiet

BEGIN
{
	s = "abcdefghijklmnop";
	printf("%s %d\n", s, strlen(s));
	printf("%s\n", "0123456789");
	exit(0);
}
