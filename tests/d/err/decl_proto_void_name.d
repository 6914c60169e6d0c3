/* @opts: -x errtags */
/* A void parameter may not be named (D_DECL_PROTO_NAME). */
int f(void v);
BEGIN { exit(0); }
