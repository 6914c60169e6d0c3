/* D_DREC_COMM: a destructive action after commit() is refused as data-recording: dtrace flags
 * every action it generates code for (dt_cg.c, dt_cg_clsflags), and only speculate(),
 * commit(), discard() and aggregations escape the data-recording rule (observed: dtrace -w -x
 * errtags -s this file). The Guide: "a clause containing a commit() cannot contain a data
 * recording action". */
/* @opts: -w -x errtags */
BEGIN { s = speculation(); }
BEGIN { commit(s); raise(9); }
