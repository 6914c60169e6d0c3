/* dt_ident.c dt_idcook_regs: D_REGS_IDX. */
BEGIN
{
	x = uregs[-1]; /* error here */
}
