/* @opts: -x errtags */
/* A clause-local declaration with no name: D_DECL_USELESS. */
this int;
BEGIN { exit(0); }
