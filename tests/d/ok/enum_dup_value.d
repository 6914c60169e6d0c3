/* @opts: -q */
enum e { A = 1, B = 1 };
BEGIN { printf("%d %d\n", A, B); exit(0); }
