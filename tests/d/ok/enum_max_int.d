/* @opts: -q */
enum e { A = 2147483647 };
BEGIN { printf("%d\n", A); exit(0); }
