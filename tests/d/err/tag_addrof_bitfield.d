/* D_ADDROF_BITFIELD: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_parser.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
struct s { int a:3; int b; };
BEGIN { this->p = &((struct s *)0)->a; exit(0); }
