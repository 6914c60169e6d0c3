/* @opts: -q */
#pragma D option strsize=1k
struct t { string a; int b; };
#pragma D option strsize=20
struct u { string a; int b; };
BEGIN { printf("%d %d %d\n", sizeof(struct t), sizeof(struct u), sizeof(string)); exit(0); }
