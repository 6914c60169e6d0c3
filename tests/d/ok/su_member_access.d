/* @opts: -q */
struct s { int a; long b; };
struct s x;
BEGIN { x.a = 1; x.b = 2; printf("%d %d\n", x.a, x.b); exit(0); }
