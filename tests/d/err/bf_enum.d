/* @opts: -q */
enum e { A, B };
struct s { enum e x : 2; };
BEGIN { printf("%d\n", sizeof(struct s)); exit(0); }
