/* @opts: -q */
struct s { int a; };
struct s x;
BEGIN { trace(x->a); exit(0); }
