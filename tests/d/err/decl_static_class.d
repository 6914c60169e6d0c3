/* @opts: -x errtags */
/* static is a C storage class D variables do not take (DTrace for Linux: D_DECL_BADCLASS). */
static int a[3];
BEGIN { exit(0); }
