/* @opts: -q */
struct s { int *p : 3; };
BEGIN { exit(0); }
