/* D_PRAGMA_UNUSED: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cc.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
#pragma D binding "1.0" foo
BEGIN { exit(0); }
