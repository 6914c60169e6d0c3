/* D_LQUANT_MISMATCH: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @ = lquantize(1, 10, 0, 1); }
