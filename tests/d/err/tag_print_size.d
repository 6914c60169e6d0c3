/* D_DECL_ARRSUB: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_decl.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
struct s { int x[0]; };
BEGIN { print(*(struct s *)0); }
