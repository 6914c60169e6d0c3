/* @opts: -q */
enum e { A = 2, B };
BEGIN { printf("%d\n", (enum e)3 == B); exit(0); }
