/* @opts: -x errtags */
/* A negative constant expression as an array dimension (D_DECL_ARRSUB, the same words as for 0). */
int a[2 - 3];
BEGIN { exit(0); }
