/* @opts: -q */
struct s { int a; };
BEGIN { x = (struct s)3; exit(0); }
