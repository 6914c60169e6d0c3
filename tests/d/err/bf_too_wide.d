/* @opts: -q */
struct s { int a : 33; };
BEGIN { exit(0); }
