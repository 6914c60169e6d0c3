/* dtrace's lexer discards an interpreter line ("#!", blanks before it allowed) wherever one
 * starts a line, not only the first: a script concatenated from two, or one with a commented
 * header above its "#!" line, still compiles (observed: dtrace -s lex_interp_line_later.d). */
#pragma D option quiet

BEGIN
{
	printf("one\n");
}
  #!/usr/sbin/dtrace -qs
BEGIN
{
	printf("two\n");
	exit(0);
}
