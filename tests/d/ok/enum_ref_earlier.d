/* @opts: -q */
enum e { A = 4, B = A * 2, C = sizeof(int) };
BEGIN { printf("%d %d\n", B, C); exit(0); }
