/* D_LQUANT_LIMVAL: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @ = lquantize(1, 0, 0x100000000, 1); }
