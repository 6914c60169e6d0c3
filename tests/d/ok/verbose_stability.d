/* @root */
/* @opts: -q -v */
/* -v reports the stability attributes of each program before tracing. */
BEGIN
{
	printf("traced\n");
	exit(0);
}
