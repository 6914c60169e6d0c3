/* D_OFFSETOF_BITFIELD: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_parser.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
struct s { int a:3; int b; };
BEGIN { trace(offsetof(struct s, a)); }
