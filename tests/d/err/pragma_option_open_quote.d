/* D_STR_NL: a string opened in a #pragma option and not closed on its line runs into the
 * newline, reported at the next line (observed: dtrace -x errtags -s this file). */
/* @opts: -x errtags */
#pragma D option nspec=2"x
BEGIN { exit(0); }
