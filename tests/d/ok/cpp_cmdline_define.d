/* @root */
/* @opts: -C -D VAL=5 -D NAME="x" -U UNUSED */
/* -D and -U reach the preprocessor. */
#pragma D option quiet

BEGIN
{
	printf("%d %s\n", VAL * 2, NAME);
#ifdef UNUSED
	printf("undefined macro seen\n");
#endif
	exit(0);
}
