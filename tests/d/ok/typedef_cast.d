/* @opts: -q */
typedef short sh_t;
BEGIN { printf("%d\n", (sh_t)70000); exit(0); }
