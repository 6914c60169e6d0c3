/* @root */
/* @opts: -q -C -x stdc=s */
/* -x stdc=s preprocesses as pre-ANSI C: __STDC__ is not defined. */
BEGIN
{
#ifdef __STDC__
	printf("ANSI\n");
#else
	printf("pre-ANSI\n");
#endif
	exit(0);
}
