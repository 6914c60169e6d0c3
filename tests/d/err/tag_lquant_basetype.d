/* D_LQUANT_BASETYPE: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @ = lquantize(1, timestamp, 10, 1); }
