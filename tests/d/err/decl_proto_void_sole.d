/* @opts: -x errtags */
/* void as a parameter must be the only one (D_DECL_PROTO_VOID). */
int f(int, void);
BEGIN { exit(0); }
