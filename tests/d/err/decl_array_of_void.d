/* @opts: -x errtags */
/* An array of void (Guide, "Array Declarations and Storage"; DTrace for Linux: D_DECL_VOIDOBJ, not an incomplete type). */
void a[3];
BEGIN { exit(0); }
