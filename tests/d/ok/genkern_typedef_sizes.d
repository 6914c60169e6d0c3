/*
 * The <sys/types.h> names dtrace has from the kernel's types have the kernel's definitions
 * (dev_t and nlink_t are u32, wchar_t a u16, blkcnt_t a u64), observed with dtrace -qs.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof(dev_t), sizeof(nlink_t), sizeof(wchar_t), sizeof(blkcnt_t));
	printf("%d %d %d\n", (dev_t)-1, (wchar_t)-1, (blkcnt_t)-1 > 0);
	exit(0);
}
