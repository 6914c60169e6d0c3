/* D_MACRO_UNDEF: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_lex.l); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { trace($5); }
