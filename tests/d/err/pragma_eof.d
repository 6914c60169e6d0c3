/* @opts: -x errtags */
/* A control line that the end of the text cuts off before its newline is a syntax error in
 * dtrace, however complete the directive (dt_lex.l: end of input in the control-line state). */
BEGIN { exit(0); }
#pragma D option quiet