/* D_PROTO_LEN: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_cg.c dt_ident.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { printa(); }
