/* quantize's prototype is variadic: no arguments is fewer than "at least 1" (observed). */
BEGIN
{
	trace(quantize[1, 2]);
	exit(0);
}
