/* D_PRINTA_AGGPROTO: the error tag, message and line dtrace -x errtags gives this program (libdtrace
 * dt_printf.c); expected output recorded from DTrace for Linux. */
/* @opts: -x errtags */
BEGIN { @a[1] = count(); @b["x"] = count(); }
BEGIN { printa("%@d %@d\n", @a, @b); }
