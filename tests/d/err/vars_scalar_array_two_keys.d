/*
 * A D array declared with one dimension is indexed by one integer; a tuple index makes it
 * an associative array access, refused with the array named as dtrace names a variable
 * (dtrace:
 *   dtrace -n 'int a[5]; BEGIN { a[1, 2] = 7; }'
 *   -> cannot access scalar a as an associative array)
 */
int a[5];

BEGIN
{
	a[1, 2] = 7;
	exit(0);
}
