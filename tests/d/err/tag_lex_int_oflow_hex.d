/* D_INT_OFLOW: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_parser.c dt_lex.l); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { x = 0x10000000000000000; }
