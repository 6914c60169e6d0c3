/* @opts: -x errtags */
/* A D variable's name (an associative array here) declared again as a typedef: D_DECL_IDRED. */
int t[int];
typedef int t;
BEGIN { exit(0); }
