/* D_DREC_COMM: printa() after commit() (an action, so data-recording for these rules:
 * dt_cg.c, dt_cg_clsflags; observed: dtrace -x errtags -s this file). */
/* @opts: -x errtags */
BEGIN { s = speculation(); @a = count(); }
BEGIN { commit(s); printa(@a); }
