/* @opts: -q */
struct s { unsigned int a : 1; unsigned int b : 31; unsigned long c : 64; };
BEGIN { printf("%d\n", sizeof(struct s)); exit(0); }
