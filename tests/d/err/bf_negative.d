/* @opts: -q */
struct s { int a : -1; };
BEGIN { exit(0); }
