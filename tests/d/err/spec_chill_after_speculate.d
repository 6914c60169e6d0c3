/* D_ACT_SPEC before chill()'s own refusal: dtrace checks an action against the speculation
 * rules before it generates the action's code, where it refuses the kernel's chill() as not
 * implemented (dt_cg.c: dt_cg_clsflags, then the action; observed: dtrace -w -x errtags -s
 * this file). The Guide: destructive actions may not follow speculate(). */
/* @opts: -w -x errtags */
BEGIN { s = speculation(); }
BEGIN { speculate(s); chill(1); }
