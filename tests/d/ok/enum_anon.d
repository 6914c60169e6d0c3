/* @opts: -q */
enum { P = 7, Q };
BEGIN { printf("%d\n", Q); exit(0); }
