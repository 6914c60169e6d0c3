/* A clause list with neither predicate nor actions: the error is at the first description
 * of the clause (dt_grammar.y's dnerror on the probe_specifiers), line 3. */
BEGIN,
END,
ERROR
