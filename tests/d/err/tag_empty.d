/* D_EMPTY: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cc.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
#pragma D option quiet
