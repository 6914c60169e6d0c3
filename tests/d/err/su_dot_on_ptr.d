/* @opts: -q */
struct s { int a; };
struct s *p;
BEGIN { trace(p.a); exit(0); }
