/* D_ARR_BOUNDS: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_parser.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
int a[4];
BEGIN { trace(a[10]); }
