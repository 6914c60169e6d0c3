/* commit() may not follow a data-recording action even when that action records into the
 * speculation (Guide, "Speculative Tracing": a clause that commits may hold no data-recording
 * action). Observed with DTrace for Linux:
 *   dtrace -qn 'BEGIN { s = speculation(); speculate(s); printf("x\n"); commit(s); }'
 *   -> commit( ) may not follow data-recording action(s) */
BEGIN
{
	s = speculation();
	speculate(s);
	printf("x\n");
	commit(s);
}
