/* uregs[] takes an integer constant (dt_ident.c dt_idcook_regs: D_PROTO_ARG). */
BEGIN
{
	i = 1;
	x = uregs[i]; /* error here */
}
