/* D_SPEC_DREC: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { s = speculation(); }
BEGIN { trace(1); speculate(s); }
