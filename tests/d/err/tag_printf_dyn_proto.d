/* D_PRINTF_ARG_PROTO: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_printf.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { printf("%*d\n", 1); }
