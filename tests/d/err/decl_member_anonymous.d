/* @opts: -x errtags */
/* D's grammar has no anonymous struct members (C11): every member needs a declarator, so the ";" is a syntax error. */
struct s { int x; struct { int a; int b; }; };
BEGIN { exit(0); }
