/* D_AGG_SCALAR: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @a = count(); }
BEGIN { @c = sum(@a); }
