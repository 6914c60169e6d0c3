/*
 * An aggregation's keys are built in the same tuple as an associative array's: ten keys are
 * more than DTrace for Linux can build (dtrace -n 'BEGIN { @a[1,2,3,4,5,6,7,8,9,10] =
 * count(); }' -> "Insufficient tuple registers to generate code", without a line).
 */
BEGIN
{
	@a[1, 2, 3, 4, 5, 6, 7, 8, 9, 10] = count();
	exit(0);
}
