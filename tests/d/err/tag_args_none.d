/* D_ARGS_NONE: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_ident.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
int x;
inline int y = args[0];
BEGIN { trace(y); }
