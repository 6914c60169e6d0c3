/* D_FUNC_UNDEF: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c dt_parser.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { x = 1; x(2); }
