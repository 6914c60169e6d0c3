/*
 * print() used as exit()'s value is cooked first: its argument meets print()'s prototype
 * (void *) before exit() meets a void value. Expected: dtrace -s of this script (genact err
 * sweep).
 */
BEGIN
{
	exit(print(1));
}
