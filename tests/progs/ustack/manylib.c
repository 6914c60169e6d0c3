/* manylib.c — one tiny library (ustack_manylibs.sh loads many copies of it): a function built
 * without frame pointers that calls back, so that a stack through it is whole only when the walk
 * has the copy's unwind rows. */
__attribute__((noinline)) int manylib_call(int (*cb)(int), int x)
{
	return cb(x + 1) * 3;
}
