/* @opts: -x errtags */
/* An array dimension must be a positive integer constant (Guide, "Array Declarations and Storage"): 0 is refused (D_DECL_ARRSUB). */
int a[0];
BEGIN { exit(0); }
