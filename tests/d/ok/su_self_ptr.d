/* @opts: -q */
struct s { struct s *next; int v; };
BEGIN { printf("%d\n", sizeof(struct s)); exit(0); }
