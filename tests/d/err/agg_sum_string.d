/* The aggregated value must be scalar (dt_cc.c, D_AGG_SCALAR). */
BEGIN
{
	@ = sum("text");
}
