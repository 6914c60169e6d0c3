/* @opts: -q */
struct s { int a; };
BEGIN { printf("%d\n", offsetof(struct s, z)); exit(0); }
