/* D_OP_INCOMPLETE: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_parser.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
struct foo;
struct foo *p;
BEGIN { trace(p->x); }
