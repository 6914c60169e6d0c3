/* D_SYNTAX: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_parser.c dt_grammar.y); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { x = sizeof(int) + offsetof(struct foo, 1); }
