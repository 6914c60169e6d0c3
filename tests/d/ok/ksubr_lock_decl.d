/* @root */
/* The kernel's typedef names are type names in declarations too (dtrace knows them from the
 * kernel's type data, usdtrace from its BTF): a global rwlock_t pointer, a struct mutex
 * pointer, a spinlock_t's size. Expected: dtrace's output. */
#pragma D option quiet

rwlock_t *p;
struct mutex *m;

BEGIN
{
	p = (rwlock_t *)8;
	m = (struct mutex *)8;
	printf("%d %d %d\n", rw_read_held(p), mutex_owned(m), sizeof(spinlock_t));
	exit(0);
}
