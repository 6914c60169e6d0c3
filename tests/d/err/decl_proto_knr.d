/* @opts: -x errtags */
/* D has no K&R identifier lists in prototypes: a syntax error, which quotes the rest of the line after the unknown name. */
int f(a, b);
BEGIN { exit(0); }
