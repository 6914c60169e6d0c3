/* @opts: -q */
#pragma D option strsize=8
struct s { string a[2]; char b; };
BEGIN { printf("%d %d\n", sizeof(struct s), offsetof(struct s, b)); exit(0); }
