/* $1 with no argument and without defaultargs (dt_lex.l / dt_pcb: D_MACRO_UNDEF). */
BEGIN
{
	x = $1; /* error here */
}
