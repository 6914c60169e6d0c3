/* D_IDENT_UNDEF: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_dlibs.c dt_parser.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { x = "a" + 1; }
END { y = z; }
