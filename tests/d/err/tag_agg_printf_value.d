/* D_PRINTF_ARG_TYPE: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_printf.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @a = count(); }
BEGIN { printf("%d\n", @a); }
