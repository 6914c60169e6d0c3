/* tracemem's size must be a constant (dt_cc.c dt_action_tracemem: D_TRACEMEM_SIZE). */
BEGIN
{
	n = 8;
	this->p = alloca(8);
	tracemem(this->p, n); /* error here */
}
