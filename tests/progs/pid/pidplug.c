/* pidplug.c — libpidplug.so, a library piddl.c loads with dlopen() after it has run a while:
 * its functions become pid probes only then. */
__attribute__((noinline)) long pp_mul(long a, long b)
{
	return a * b;
}
