/* @opts: -q */
struct s { int a; int a; };
BEGIN { exit(0); }
