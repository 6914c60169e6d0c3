/* @opts: -x errtags */
/* A dimension beyond 32 bits (CTF keeps a 32-bit element count): D_DECL_ARRBIG. */
char a[4294967296];
BEGIN { exit(0); }
