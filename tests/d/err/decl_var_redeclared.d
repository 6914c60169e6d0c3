/* @opts: -x errtags */
/* A global declared again with another type: D_DECL_IDRED and both declarations on detail lines. */
int x;
int *x;
BEGIN { exit(0); }
