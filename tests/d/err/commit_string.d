/* commit(int): dt_idcook_sign argument check */
BEGIN
{
	commit("a"); /* error here */
}
