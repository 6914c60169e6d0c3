/* nspec=0 is a valid option value for dtrace, which then cannot enable tracing, whether the
 * program speculates or not (observed: dtrace -s this file; -x nspec=-1 is refused as an
 * invalid value when set). */
#pragma D option quiet
#pragma D option nspec=0

BEGIN
{
	exit(0);
}
