/* D_DECL_IDRED: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_decl.c dt_parser.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
enum e { FOO };
int FOO;
BEGIN { trace(`FOO); }
