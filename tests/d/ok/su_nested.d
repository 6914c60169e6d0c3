/* @opts: -q */
struct in { char c; long l; };
struct out { int a; struct in i; short s; };
BEGIN { printf("%d %d %d %d\n", sizeof(struct out), offsetof(struct out, i), offsetof(struct out, s), offsetof(struct in, l)); exit(0); }
