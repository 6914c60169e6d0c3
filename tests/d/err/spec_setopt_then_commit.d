/* D_COMM_DREC: setopt() is an action, and records for the speculation rules: commit() may not
 * follow it (dt_cg.c, dt_cg_clsflags flags every action; observed: dtrace -x errtags -s this
 * file). */
/* @opts: -x errtags */
BEGIN { s = speculation(); }
BEGIN { setopt("quiet"); commit(s); }
