/* @opts: -x errtags */
/* An object of type void (Guide, "Data Types and Sizes": void has no size; DTrace for Linux: D_DECL_VOIDOBJ). */
self void x;
BEGIN { exit(0); }
