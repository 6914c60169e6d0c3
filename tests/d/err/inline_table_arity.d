/* @opts: -x errtags */
inline string tbl[int e] = e == 0 ? "zero" : "other";
BEGIN { trace(tbl[1, 2]); exit(0); }
