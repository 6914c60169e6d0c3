/* D_AGG_MDIM: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_parser.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @b[1] = count(); }
BEGIN { x = @b[1][2]; }
