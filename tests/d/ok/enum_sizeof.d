/* @opts: -q */
enum e { A };
BEGIN { printf("%d %d\n", sizeof(enum e), sizeof(A)); exit(0); }
