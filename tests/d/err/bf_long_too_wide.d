/* @opts: -q */
struct s { long a : 65; };
BEGIN { exit(0); }
