/* Keys must match the first use's signature (dt_idcook_sign, prefix "@"). */
BEGIN
{
	@a[1, "x"] = count();
	@a[2] = count();
}
