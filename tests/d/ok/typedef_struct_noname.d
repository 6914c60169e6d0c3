/* @opts: -q */
typedef struct foo { int a; };
BEGIN { printf("%d\n", sizeof(struct foo)); exit(0); }
