/* @root */
/* bcopy(src, dest, size): its arguments are evaluated in order; a string may be the source (its
 * bytes); alloca(0) allocates nothing, so two of them are equal. A size that is negative, or
 * that reads past the top of alloca()'d memory, faults with DTRACEFLT_BADSIZE and the size. */
#pragma D option quiet

BEGIN
{
	d = (char *)alloca(8);
	d[0] = d[1] = d[2] = d[3] = d[4] = d[5] = d[6] = d[7] = '.';
	n = 1;
	bcopy("abcdefg" + (n++), d + (n++), (n++));
	printf("%c%c%c%c%c%c%c%c %d\n", d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7],
	    alloca(0) == alloca(0));
}

BEGIN
{
	bcopy("x", alloca(1), -1);
}

BEGIN
{
	d = alloca(20);
	s = alloca(10);
	bcopy(s, d, 20);
}

ERROR
{
	printf("clause %d fault %d (%d) size %d\n", arg2, arg4, DTRACEFLT_BADSIZE, arg5);
}

BEGIN
{
	exit(0);
}
