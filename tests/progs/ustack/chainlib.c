/* chainlib.c — the shared-library hop of chain.c's second call chain. */
void lib_hop(void (*fn)(int), int n);

__attribute__((noinline)) void lib_hop(void (*fn)(int), int n)
{
	fn(n + 100);
	__asm__ volatile("" ::: "memory");
}
