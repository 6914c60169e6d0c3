/* @opts: -x errtags */
/* A string is no array dimension: D_DECL_ARRSUB. */
int a["x"];
BEGIN { exit(0); }
