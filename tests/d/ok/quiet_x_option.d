/* @root */
/* @opts: -x quiet */
/* -x quiet is -q. */
BEGIN
{
	printf("x quiet\n");
	exit(0);
}
