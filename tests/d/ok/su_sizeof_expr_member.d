/* @opts: -q */
struct s { int a; char b[10]; };
struct s x;
BEGIN { printf("%d %d\n", sizeof(x.b), sizeof x.a); exit(0); }
