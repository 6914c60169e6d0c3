/* @opts: -q */
enum e { A = 3, B = 5 };
BEGIN { printf("%d %d\n", A + B * 2, A < B); exit(0); }
