/* @opts: -q */
struct s { unsigned a : 7; unsigned b : 7; unsigned c : 7; unsigned d : 7; unsigned e : 7; };
BEGIN { printf("%d\n", sizeof(struct s)); exit(0); }
