/* @opts: -q */
enum e { A = 3, B = 5 };
BEGIN { x = 1; printf("%d\n", x ? A : B); exit(0); }
