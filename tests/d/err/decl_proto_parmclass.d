/* @opts: -x errtags */
/* A parameter may be register, as in C; another storage class is D_DECL_PARMCLASS. */
int f(static int x);
BEGIN { exit(0); }
