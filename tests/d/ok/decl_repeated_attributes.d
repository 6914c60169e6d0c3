/*
 * short, signed and unsigned are attributes of a D base type, ORed in as they are read
 * (libdtrace's dt_decl_attr): writing one twice is no error, `short short` is a short and
 * `unsigned unsigned int` an unsigned int (dtrace prints 2 2 4 4); long twice is long long.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof(short short), sizeof(short int short),
	    sizeof(unsigned unsigned int), sizeof(signed signed), sizeof(long long));
	x = (unsigned short short)-1;
	printf("%d\n", x);
	exit(0);
}
