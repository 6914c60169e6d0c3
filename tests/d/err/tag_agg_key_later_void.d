/* D_PROTO_ARG: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c dt_ident.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @c[1] = count(); @c[(void)0] = count(); }
