/* @root */
/* @args: uint64_t char */
/* A macro argument that names a type is that type name (dtrace's lexer reads $N's text as
 * a type when one of that name exists: dt_lex.l id_or_type), in sizeof and in a cast. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", sizeof($1), ($2)300);
	exit(0);
}
