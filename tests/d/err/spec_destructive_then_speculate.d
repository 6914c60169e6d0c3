/* D_SPEC_DREC: speculate() after a destructive action: that action counts as data-recording
 * (dt_cg.c, dt_cg_clsflags; observed: dtrace -w -x errtags -s this file). */
/* @opts: -w -x errtags */
BEGIN { s = speculation(); }
BEGIN { system("true"); speculate(s); }
