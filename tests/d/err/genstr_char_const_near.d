/* @opts: -q */
/* A syntax error at a character constant quotes the constant as dtrace's lexer leaves it: the
 * opening quote and the decoded characters, without the closing quote (observed:
 * dtrace -qn "BEGIN { trace(1 'a\x41\102'); }" is near "'aAB"). */
BEGIN { trace(1 'a\x41\102'); exit(0); }
