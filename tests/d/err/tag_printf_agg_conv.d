/* D_PRINTF_AGG_CONV: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_printf.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { printf("%@d\n", 1); }
