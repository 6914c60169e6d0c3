/* D_PDESC_INVAL: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cc.c dt_parser.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
a:b:c:d:e { exit(0); }
