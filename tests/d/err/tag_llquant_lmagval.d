/* D_LLQUANT_LMAGVAL: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @ = llquantize(1, 10, 70000, 6, 20); }
