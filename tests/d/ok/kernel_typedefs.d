/* @root */
/* D knows the kernel's integer typedefs (__u8 .. __s64, u8 .. s64, __be32, bool) and ipaddr_t. */
#pragma D option quiet
struct s { __u8 c; __u64 d; bool g; u16 x; __be32 be; } v;
ipaddr_t a;

BEGIN
{
	printf("%d %d %d\n", sizeof(v), sizeof(a), sizeof(s64));
	exit(0);
}
