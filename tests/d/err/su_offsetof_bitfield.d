/* @opts: -q */
struct s { int a; int b : 3; };
BEGIN { printf("%d\n", offsetof(struct s, b)); exit(0); }
