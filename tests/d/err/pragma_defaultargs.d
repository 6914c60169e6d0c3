/* defaultargs is a compiler flag: it cannot be set from within the program being compiled
 * (dt_options.c dt_opt_cflags: EDT_BADOPTCTX while a compile is under way), so the pragma is
 * an error (dt_pragma.c: D_PRAGMA_OPTSET). */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("%d\n", $1);
	exit(0);
}
