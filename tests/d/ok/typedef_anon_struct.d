/* @opts: -q */
typedef struct { int a; char b; } pair_t;
BEGIN { printf("%d\n", sizeof(pair_t)); exit(0); }
