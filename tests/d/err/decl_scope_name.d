/* @opts: -x errtags */
/* A declared name may not carry a module scope (Guide, "External Variables": the backquote names kernel symbols): D_DECL_SCOPE. */
self int `x;
BEGIN { exit(0); }
