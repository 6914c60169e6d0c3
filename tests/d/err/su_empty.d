/* @opts: -q */
struct s { };
BEGIN { exit(0); }
