/* @root */
/* typedef names a type; values cast to it truncate as the underlying type. */
#pragma D option quiet

typedef unsigned char byte_t;
typedef int64_t big_t;

BEGIN
{
	b = (byte_t)300;
	g = (big_t)1 << 40;
	printf("%d %d %d %d\n", b, g, sizeof (byte_t), sizeof (big_t));
	exit(0);
}
