/* @opts: -x errtags */
/* A floating-point constant as an enumerator value: D_SYNTAX (not D_DECL_ENCONST: the lexer rejects it first). */
enum e { A = 1.5 };
BEGIN { exit(0); }
