/* @opts: -q */
typedef string arr[2];
struct s { string a; int b; } x;
#pragma D option strsize=16
struct t { string a; arr c; int b; } y;
BEGIN { x.a = "abcdefghijklmnopqrstuvwxyz"; y.a = "abcdefghijklmnopqrstuvwxyz"; printf("%d %d %d %d %d [%s] [%s]\n", sizeof(struct s), sizeof(struct t), offsetof(struct t, b), sizeof(arr), sizeof(x.a), x.a, y.a); exit(0); }
