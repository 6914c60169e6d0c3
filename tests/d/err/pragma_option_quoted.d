/* D_PRAGMA_MALFORM: a quoted #pragma option argument is a string, not the <option>=<val> word
 * dtrace's control-line lexer makes of unquoted text (observed: dtrace -x errtags -s this file). */
/* @opts: -x errtags */
#pragma D option "nspec=2"
BEGIN { exit(0); }
