/* @opts: -q */
#pragma D option strsize=16
struct s { string a; int b; };
struct s x;
BEGIN { printf("%d %d\n", sizeof(struct s), offsetof(struct s, b)); exit(0); }
