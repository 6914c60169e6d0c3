/* @opts: -x errtags */
/* D has no floating-point constants (Guide, "Constants"): one as an array dimension is the lexer's error, before any declaration check. */
int a[1.5];
BEGIN { exit(0); }
