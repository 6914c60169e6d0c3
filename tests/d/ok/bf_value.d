/* @opts: -q */
struct s { unsigned int a : 3; int b : 4; };
struct s x;
BEGIN { x.a = 9; x.b = 7; printf("%d %d\n", x.a, x.b); exit(0); }
