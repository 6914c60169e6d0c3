/* The clauses are compiled one at a time: a format error in the first is reported before a
 * type error in the second (observed with dtrace -e). */
BEGIN
{
	printf("%s\n", 1);
}

BEGIN
{
	x = "a" * 1;
}
