/* @opts: -x errtags */
/* Two parameters of one prototype with the same name: D_DECL_PROTO_FORM, naming the
 * parameter and its position (DTrace for Linux's dt_decl.c check). */
int f(int a, char *b, long b);
BEGIN { exit(0); }
