/* @opts: -q */
enum e { A = 3, B = 5 };
enum e v;
BEGIN { v = B; printf("%d\n", v); exit(0); }
