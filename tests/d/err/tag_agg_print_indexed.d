/* D_PROTO_ARG: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c dt_ident.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @b[1] = count(); }
BEGIN { print(@b[1]); }
