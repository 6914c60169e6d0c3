/* @root */
/* DTrace for Linux's reader/writer lock subroutines (Oracle Linux DTrace Guide: rw_iswriter,
 * rw_read_held, rw_write_held) take the kernel's rwlock_t *, a type named by the kernel
 * (dtrace knows its typedefs from the kernel's type data; usdtrace from its BTF): its size
 * is the queued rwlock's 8 bytes. An address that cannot be read reads as a free lock: 0,
 * no fault. Expected: dtrace's output. */
#pragma D option quiet

BEGIN
{
	printf("%d\n", sizeof(rwlock_t));
	printf("%d %d %d\n", rw_iswriter((rwlock_t *)8), rw_read_held((rwlock_t *)8),
	    rw_write_held((rwlock_t *)8));
	this->p = (rwlock_t *)8;
	printf("%d %d\n", rw_iswriter(this->p), rw_read_held((void *)8));
	exit(0);
}
