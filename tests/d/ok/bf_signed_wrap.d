/* @opts: -q */
struct s { int b : 4; };
struct s x;
BEGIN { x.b = 9; printf("%d\n", x.b); exit(0); }
