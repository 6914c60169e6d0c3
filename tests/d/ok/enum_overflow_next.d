/* @opts: -q */
enum e { A = 2147483647, B };
BEGIN { printf("%d\n", B); exit(0); }
