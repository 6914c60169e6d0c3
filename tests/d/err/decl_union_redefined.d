/* @opts: -x errtags */
/* A union defined twice: D_DECL_TYPERED. */
union u { int a; };
union u { long b; };
BEGIN { exit(0); }
