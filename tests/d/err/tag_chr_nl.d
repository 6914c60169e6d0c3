/* D_CHR_NL: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_lex.l); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { x = 'a
'; }
