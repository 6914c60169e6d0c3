/* D_PRAGMA_OPTSET: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_pragma.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
#pragma D option nosuchopt
BEGIN { x = ; }
