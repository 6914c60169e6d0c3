/* D_TRACEMEM_ADDR: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @b[1] = count(); }
BEGIN { tracemem(@b[1], 1); }
