/* @opts: -x errtags */
/* An array dimension naming nothing: the name is resolved as a variable first (D_IDENT_UNDEF). */
int a[n];
BEGIN { exit(0); }
