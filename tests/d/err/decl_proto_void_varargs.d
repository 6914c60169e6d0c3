/* @opts: -x errtags */
/* void followed by an ellipsis is not a sole void parameter either (D_DECL_PROTO_VOID). */
int f(void, ...);
BEGIN { exit(0); }
