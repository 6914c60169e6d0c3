/* @opts: -q */
struct s { int a; int b[4]; };
BEGIN { printf("%d\n", offsetof(struct s, b[2])); exit(0); }
