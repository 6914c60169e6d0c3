/* A global read in a predicate before any clause assigns it, in source order, is unknown:
 * dtrace makes a global at its first assignment as it checks the clauses in order, and only a
 * clause's own actions are checked before its predicate (dt_cook_clause). */
tick-10ms /!signalled/ {
	printf("first\n");
}

tick-10ms
{
	signalled = 1;
}
