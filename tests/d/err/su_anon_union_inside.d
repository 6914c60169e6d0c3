/* @opts: -q */
struct s { int a; union { int x; long y; }; };
BEGIN { printf("%d\n", sizeof(struct s)); exit(0); }
