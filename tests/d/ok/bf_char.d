/* @opts: -q */
struct s { char a : 3; char b : 5; char c; };
BEGIN { printf("%d %d\n", sizeof(struct s), offsetof(struct s, c)); exit(0); }
