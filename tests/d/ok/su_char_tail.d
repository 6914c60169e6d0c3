/* @opts: -q */
struct s { long l; char c; };
BEGIN { printf("%d\n", sizeof(struct s)); exit(0); }
