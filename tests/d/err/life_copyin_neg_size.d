/* A constant negative copyin() size is a size beyond the scratchsize, as an unsigned number
 * (dtrace: "alloca(18446744073709551615) size larger than scratchsize 256"). */
BEGIN
{
	p = copyin(ucaller, -1);
}
