/* D_CAST_INVAL: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_parser.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @a = count(); }
BEGIN { x = (int)@a; }
