/* D_KEY_TYPE: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_ident.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @a = count(); }
BEGIN { y[@a] = 1; }
