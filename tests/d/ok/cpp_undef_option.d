/* @opts: -C -DBROKEN -UBROKEN -q */
/* -U after -D removes the macro: cpp receives both, in order. */
#ifdef BROKEN
#error this build is broken
#endif

BEGIN
{
	printf("fine\n");
	exit(0);
}
