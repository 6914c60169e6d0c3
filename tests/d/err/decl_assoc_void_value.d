/* @opts: -x errtags */
/* An associative array of void: D_DECL_VOIDOBJ, as for an array of void. */
void a[int];
BEGIN { exit(0); }
