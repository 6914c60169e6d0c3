/* @opts: -x errtags */
/* An unknown type name followed by * at the top level: dtrace's lexer reads a probe description there, which then lacks its body. */
nosuch_t *x;
BEGIN { exit(0); }
