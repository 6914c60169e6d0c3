/* @opts: -x errtags */
/* An associative array's key list is a prototype's parameter list to libdtrace (Guide, "Associative Arrays": each key has a type): void is no key type (D_DECL_PROTO_TYPE). */
int a[void];
BEGIN { exit(0); }
