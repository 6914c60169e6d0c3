/* D_LQUANT_MATCHLIM: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @ = lquantize(1, 0, 10, 1); }
BEGIN { @ = lquantize(1, 0, 11, 1); }
