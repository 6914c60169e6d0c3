/* dt_parser.c dt_cook_var: D_VAR_UNDEF. */
BEGIN
{
	printf("%d\n", self->nope); /* error here */
}
