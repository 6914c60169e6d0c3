/* pidlib.c — libpidlib.so, a library the program piddl (piddl.c) is linked with, so it is
 * mapped before main: its functions are pid probes from the start. */
__attribute__((noinline)) long pl_add(long a, long b)
{
	return a + b;
}

__attribute__((noinline)) long pl_twice(long a)
{
	return pl_add(a, a);
}
