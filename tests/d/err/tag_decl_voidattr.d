/* D_DECL_VOIDATTR: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_decl.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
long void x;
BEGIN { exit(0); }
