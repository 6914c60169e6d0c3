/* D_PRAGERR: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_pragma.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
#pragma D error "stop here"
BEGIN { exit(0); }
