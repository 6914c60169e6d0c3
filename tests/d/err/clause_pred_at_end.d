/* A predicate at the very end: its closing "/" read the end of input ahead, which the
 * lexer then refuses in its own words. */
BEGIN
/1/
