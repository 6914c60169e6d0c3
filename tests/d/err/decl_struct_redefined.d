/* @opts: -x errtags */
/* A struct defined twice (Guide, "Structs": a tag names one type): D_DECL_TYPERED. */
struct s { int a; };
struct s { int a; };
BEGIN { exit(0); }
