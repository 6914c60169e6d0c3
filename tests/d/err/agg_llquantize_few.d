/* llquantize() needs at least five arguments. */
BEGIN
{
	@ = llquantize(50000, 10, 2, 4);
}
