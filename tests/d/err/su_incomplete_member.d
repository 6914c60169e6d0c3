/* @opts: -q */
struct fwd;
struct s { struct fwd f; };
BEGIN { exit(0); }
