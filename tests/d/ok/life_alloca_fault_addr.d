/* @root */
/* A fault on alloca() memory names the address as D sees an alloca() pointer, its offset in
 * the clause's alloca() memory counted from 8 (0x18 is one past a 16-byte buffer, 0x7 one
 * before it); an access that starts inside the buffer but runs past its end is a bad size,
 * the access's size. Each fault ends only its own clause. Expectation: dtrace's output. */
#pragma D option quiet

BEGIN
{
	x = (char *)alloca(16);
	trace(x[16]);
}

BEGIN
{
	x = (char *)alloca(16);
	trace(x[-1]);
}

BEGIN
{
	y = alloca(8);
	x = (char *)alloca(16);
	x[24] = 1;
}

BEGIN
{
	i = (int *)alloca(16);
	trace(*(long *)(i + 3));
}

BEGIN
{
	l = (long *)alloca(16);
	l[1] = 5;
	printf("%d\n", l[1]);
	exit(0);
}
