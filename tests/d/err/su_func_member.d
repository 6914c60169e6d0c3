/* @opts: -q */
struct s { int f(int); };
BEGIN { exit(0); }
