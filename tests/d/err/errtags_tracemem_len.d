/* @opts: -x errtags */
/* tracemem(addr, size[, dynsize]): too few arguments is "at least 2". */
BEGIN
{
	tracemem(0);
}
