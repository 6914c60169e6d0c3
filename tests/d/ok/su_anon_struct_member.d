/* @opts: -q */
struct s { int a; struct { int x; int y; } in; };
BEGIN { printf("%d %d\n", sizeof(struct s), offsetof(struct s, in)); exit(0); }
