/* D_PRAGMA_INVAL: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_pragma.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
#pragma D foo bar
BEGIN { exit(0); }
