/* D_PRAGMA_MALFORM: a quote ends the word of a #pragma option and starts a string, one more
 * argument: superfluous (observed: dtrace -x errtags -s this file). */
/* @opts: -x errtags */
#pragma D option nspec="2"
BEGIN { exit(0); }
