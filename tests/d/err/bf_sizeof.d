/* @opts: -q */
struct s { int b : 4; };
struct s x;
BEGIN { printf("%d\n", sizeof(x.b)); exit(0); }
