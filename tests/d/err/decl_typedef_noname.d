/* @opts: -x errtags */
/* A typedef with no name: D_DECL_USELESS, the same words as any useless declaration. */
typedef int;
BEGIN { exit(0); }
