/* @opts: -q */
struct s { void v; };
BEGIN { exit(0); }
