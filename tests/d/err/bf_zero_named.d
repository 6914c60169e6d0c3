/* @opts: -q */
struct s { int a : 0; };
BEGIN { exit(0); }
