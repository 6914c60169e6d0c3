/* D_UNKNOWN: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_as.c dt_cg.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { trace(uregs[1000]); }
