/* @opts: -x errtags */
/* A function as a struct member: it has no size (D_DECL_VOIDOBJ, as libdtrace words it). */
struct s { int f(int); };
BEGIN { exit(0); }
