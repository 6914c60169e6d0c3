/* @opts: -q */
enum e { A = 2147483648 };
BEGIN { printf("%d\n", A); exit(0); }
