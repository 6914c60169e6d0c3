/* D_PRAGMA_MALFORM: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_pragma.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
#pragma D binding