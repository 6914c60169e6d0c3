/* D_DREC_COMM: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { s = speculation(); }
BEGIN { commit(s); trace(1); }
