/* @opts: -q */
struct s { int a; };
union s { int b; };
BEGIN { exit(0); }
