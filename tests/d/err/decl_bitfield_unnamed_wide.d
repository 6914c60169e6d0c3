/* @opts: -x errtags */
/* An unnamed bit-field wider than its type: D_DECL_BFSIZE names it (anon). */
struct s { int a:1; int :33; };
BEGIN { exit(0); }
