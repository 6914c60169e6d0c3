/* @opts: -q */
struct s { string p : 3; };
BEGIN { exit(0); }
