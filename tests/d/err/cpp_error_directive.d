/* @opts: -C -DBROKEN */
/* #error under -C is cpp's: its message and column, then "Preprocessor failed". */
#ifdef BROKEN
#error this build is broken
#endif

BEGIN
{
	exit(0);
}
