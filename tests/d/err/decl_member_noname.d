/* @opts: -x errtags */
/* A member declaration with no name: D's grammar wants a declarator there (syntax error). */
struct s { int; };
BEGIN { exit(0); }
