/* @opts: -x errtags */
/* A struct member cannot be an associative array (Guide, "Structs": members are C objects): D_DECL_DYNOBJ. */
struct s { int a[int]; };
BEGIN { exit(0); }
