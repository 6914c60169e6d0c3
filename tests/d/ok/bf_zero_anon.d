/* @opts: -q */
struct s { char a; int : 0; char b; };
BEGIN { printf("%d %d\n", sizeof(struct s), offsetof(struct s, b)); exit(0); }
