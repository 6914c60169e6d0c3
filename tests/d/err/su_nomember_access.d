/* @opts: -q */
struct s { int a; };
struct s x;
BEGIN { trace(x.zz); exit(0); }
