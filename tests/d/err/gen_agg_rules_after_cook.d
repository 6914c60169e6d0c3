/* @opts: -x errtags */
/* An aggregating function's own rules (lquantize's step, a scalar argument) are applied when
 * dtrace generates the statement's code, after the clause has cooked: a later statement's
 * type error is reported first (observed with dtrace -x errtags -e). */
BEGIN
{
	@ = lquantize(1, 0, 10, 100);
	x = "a" * 1;
}
