/* @opts: -x errtags */
/* A floating-point constant as a bit-field width: D_SYNTAX, as anywhere in D. */
struct s { int a:1.5; };
BEGIN { exit(0); }
