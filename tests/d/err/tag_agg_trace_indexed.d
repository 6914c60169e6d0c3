/* D_TRACE_DYN: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @b[1] = count(); }
BEGIN { trace(@b[1]); }
