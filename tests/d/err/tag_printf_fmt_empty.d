/* D_PRINTF_FMT_EMPTY: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_printf.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { printf(""); }
