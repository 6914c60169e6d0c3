/* @opts: -q */
struct in { char c; long l; };
struct out { int a; struct in i; };
BEGIN { printf("%d\n", offsetof(struct out, i.l)); exit(0); }
