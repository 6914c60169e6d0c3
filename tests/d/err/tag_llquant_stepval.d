/* D_LLQUANT_STEPVAL: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @ = llquantize(1, 10, 0, 6, 70000); }
