/* @root */
/* Without quiet, the "matched" notice comes first, then the refusal (the order of Oracle
 * dtrace-utils' test options/err.no-w-or-destructive). */
BEGIN
{
	system("true");
}
