/* @opts: -q */
struct s { struct s inner; };
BEGIN { exit(0); }
