/* @opts: -q */
struct s { int a : x; };
BEGIN { exit(0); }
